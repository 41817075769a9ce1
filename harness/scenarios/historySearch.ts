import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import { oldestStateBlock } from '../limits/archiveDepth.js'
import type { RunContext } from '../run/runContext.js'
import { batchedCalls, type BatchedCall } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import { perRun } from './perRun.js'
import { specMaxBlockRange } from './specMaxBlockRange.js'

type Json = Record<string, unknown>

/**
 * The requests one check's walk back through the chain may spend (an eth_getBlockRange window, or a
 * batch of per-block reads, is one): bounded whatever the chain's length. 100,000 quiet blocks are
 * 100 windows of the reference's 1,000; without eth_getBlockRange, 60 batches read the newest 1,500
 * blocks and log-spaced probes (one more batch) look at the rest.
 */
export const SEARCH_REQUESTS = 60

/** The widest eth_getBlockRange window the walk asks for (the reference's maxBlockRange; a lower spec limit wins). */
export const WINDOW_BLOCKS = 1000

/**
 * Block numbers per batch of eth_getBlockByNumber reads where the node has no eth_getBlockRange:
 * small enough that a slow node (Hardhat) still answers other checks' calls beside one.
 */
export const BLOCKS_PER_BATCH = 25

/** Log-spaced probes past the walk's end: from each end of the blocks left, this many at most. */
export const PROBES_PER_END = 18

/** A reader of the chain that counts its requests: independent calls in one round trip, a result or undefined each. */
export interface ChainReader {
  read(calls: readonly BatchedCall[]): Promise<unknown[]>
  /** Requests sent so far (a batch is one). */
  readonly requests: number
}

/** The ways the node is searched, discovered once per run: the eth_getBlockRange window (null: per-block reads) and the oldest block whose state it serves. */
export interface SearchWay {
  window: number | null
  /** The oldest block whose state is served (0: an archive node). */
  stateFloor: number
  /** What was learned, for notes. */
  note: string
}

/** What a search looked at: blocks `from` to `to` read whole, probes below, and the requests spent. */
export interface Searched {
  from: number
  to: number
  requests: number
  way: SearchWay
  /** Blocks probed below `from` (log-spaced) or pinned by bisection. */
  probed: number[]
}

/** A counting reader over the run's HTTP transport (batchedCalls: what a batch leaves unanswered is asked alone). */
export function contextReader(context: RunContext): ChainReader {
  let requests = 0
  return {
    get requests() {
      return requests
    },
    async read(calls) {
      if (calls.length === 0) return []
      requests += 1
      const { exchanges, unbatched } = await batchedCalls(context.http!, calls)
      requests += unbatched?.count ?? 0
      return exchanges.map((exchange) => {
        const outcome = outcomeOf(exchange)
        return outcome.kind === 'result' ? outcome.value : undefined
      })
    },
  }
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const numberOf = (block: Json): number | null =>
  typeof block.number === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(block.number) ? Number(BigInt(block.number)) : null

/**
 * How this node is searched: whether eth_getBlockRange answers a window of blocks below `head` (the
 * widest of WINDOW_BLOCKS, the spec's x-limits.maxBlockRange, 100 and 10 it answers whole), and its
 * archive depth (LIMITS's oldestStateBlock search, about log2 of the chain's length in reads).
 */
export async function discoverWay(
  reader: ChainReader,
  head: number,
  specLimit: number | null,
  stateAt: (block: number) => Promise<Exchange>,
): Promise<SearchWay> {
  let window: number | null = null
  const widest = Math.min(WINDOW_BLOCKS, specLimit ?? WINDOW_BLOCKS)
  for (const span of [...new Set([widest, 100, 10])].filter((n) => n <= widest)) {
    const bottom = Math.max(0, head - span + 1)
    const [blocks] = await reader.read([{ method: 'eth_getBlockRange', params: [toQuantity(bottom), toQuantity(head), false] }])
    // Trusted only when it is the range asked, one block per number, ascending: a node whose ranges
    // are broken is searched block by block, and RANGE-ORDER (not every history check) says so.
    if (Array.isArray(blocks) && blocks.length === head - bottom + 1 && blocks.every((block, i) => isObject(block) && numberOf(block) === bottom + i)) {
      window = span
      break
    }
  }
  const measured = await oldestStateBlock({ head, stateAt })
  // A node that serves no state, or whose depth could not be pinned, is searched as if only its head had state.
  const stateFloor = typeof measured.value === 'number' ? measured.value : head
  const how = window === null ? `eth_getBlockByNumber in batches of ${BLOCKS_PER_BATCH}` : `eth_getBlockRange in windows of ${window} blocks`
  return { window, stateFloor, note: `${how}; state served from block ${stateFloor}` }
}

/** The search way of the run's target, discovered once per run. */
export const searchWayOf = perRun(async (context: RunContext): Promise<SearchWay | null> => {
  const reader = contextReader(context)
  const [head] = await reader.read([{ method: 'eth_blockNumber', params: [] }])
  if (typeof head !== 'string' || !/^0x[0-9a-fA-F]{1,15}$/.test(head)) return null
  return discoverWay(reader, Number(BigInt(head)), specMaxBlockRange(context.openrpc), (block) =>
    context.http!.call('eth_getBalance', [`0x${'0'.repeat(40)}`, toQuantity(block)]),
  )
})

/** One step of a walk back: the blocks `low` to `high` the node answered (whole, with their transaction objects), newest first. */
export interface WalkStep {
  low: number
  high: number
  blocks: Json[]
}

/**
 * The blocks from `top` down to `floor`, whole (full transaction objects), a window or a batch per
 * request, while `budget` requests of `reader` remain; each step is one contiguous stretch down. A
 * block the node does not answer is left out. The caller stops early by breaking out.
 */
export async function* blocksBack(reader: ChainReader, way: SearchWay, top: number, floor: number, budget: number): AsyncGenerator<WalkStep> {
  const start = reader.requests
  for (let high = top; high >= floor && reader.requests - start < budget;) {
    const low = Math.max(floor, high - (way.window ?? BLOCKS_PER_BATCH) + 1)
    let blocks: unknown[]
    if (way.window !== null) {
      const [range] = await reader.read([{ method: 'eth_getBlockRange', params: [toQuantity(low), toQuantity(high), true] }])
      // Newest first, by the numbers the blocks carry rather than by their place in the answer.
      blocks = Array.isArray(range) ? [...range].sort((a, b) => (isObject(b) ? (numberOf(b) ?? -1) : -1) - (isObject(a) ? (numberOf(a) ?? -1) : -1)) : []
    } else {
      const numbers = Array.from({ length: high - low + 1 }, (_, i) => high - i)
      blocks = await reader.read(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] })))
    }
    yield {
      low,
      high,
      blocks: blocks.filter((block): block is Json => {
        const n = isObject(block) ? numberOf(block) : null
        return n !== null && n >= low && n <= high
      }),
    }
    high = low - 1
  }
}

/**
 * Block numbers spread log-wise over [low, high]: low + 2^k and high - 2^k (k = 0, 1, ...), at most
 * PROBES_PER_END from each end, ascending, no repeats. Where a whole walk is too dear, these find
 * the activity of a chain's early blocks and its recent past alike.
 */
export function logProbes(low: number, high: number): number[] {
  if (high < low) return []
  const found = new Set<number>()
  for (let k = 0, step = 0; k < PROBES_PER_END; k++, step = 2 ** (k - 1)) {
    if (low + step <= high) found.add(low + step)
    if (high - step >= low) found.add(high - step)
  }
  return [...found].sort((a, b) => a - b)
}

/**
 * The first block of (low, high] where `holds` is true, given it is false at `low` and true at
 * `high` (a state that changes once: code present, a nonce past a value): bisection, about
 * log2(high - low) reads. Null when a read answers nothing (undefined) on the way.
 */
export async function firstChange(low: number, high: number, holds: (block: number) => Promise<boolean | undefined>): Promise<number | null> {
  let before = low
  let after = high
  while (after - before > 1) {
    const middle = before + Math.floor((after - before) / 2)
    const answer = await holds(middle)
    if (answer === undefined) return null
    if (answer) after = middle
    else before = middle
  }
  return after
}

/** "blocks 444 to 507 read (eth_getBlockRange in windows of 1000 blocks), 12 probed below, 9 requests": what a search looked at, for notes and inconclusive reasons. */
export function searchedText(searched: Searched): string {
  const range = searched.from > searched.to ? 'no block read' : `blocks ${searched.from} to ${searched.to} read`
  const probes = searched.probed.length === 0 ? '' : `, ${searched.probed.length} more probed or bisected below (${compactList(searched.probed)})`
  return `${range} (${searched.way.note})${probes}, ${searched.requests} request${searched.requests === 1 ? '' : 's'}`
}

/** At most 8 numbers shown, the rest counted. */
function compactList(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  return sorted.length <= 8 ? sorted.join(', ') : `${sorted.slice(0, 4).join(', ')} ... ${sorted.slice(-3).join(', ')}`
}
