import { describe, expect, it } from 'vitest'
import { toQuantity } from '../generate/toQuantity.js'
import type { BatchedCall } from '../transport/batchedCalls.js'
import { exchangeOf } from '../requirements/fixtures/recorded.js'
import { blocksBack, discoverWay, firstChange, logProbes, PROBES_PER_END, searchedText, type ChainReader } from './historySearch.js'

type Json = Record<string, unknown>

/**
 * A chain as a node records it: `length` blocks, transactions only in `busy`, state served from
 * `stateFloor`; eth_getBlockRange answered up to `window` blocks (null: not at all). Every call is
 * kept, so a test sees what the search asked.
 */
function recordedChain(options: { length: number; busy: readonly number[]; window: number | null; stateFloor: number }) {
  const calls: BatchedCall[] = []
  let requests = 0
  const block = (n: number): Json => ({
    number: toQuantity(n),
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    parentHash: `0x${Math.max(0, n - 1)
      .toString(16)
      .padStart(64, '0')}`,
    transactions: options.busy.includes(n) ? [{ hash: `0x${'ab'.repeat(31)}${n.toString(16).padStart(2, '0')}`, from: `0x${'11'.repeat(20)}` }] : [],
  })
  const head = options.length - 1
  const answer = (call: BatchedCall): unknown => {
    const at = (i: number): number => Number(BigInt(String(call.params[i])))
    switch (call.method) {
      case 'eth_blockNumber':
        return toQuantity(head)
      case 'eth_getBlockRange': {
        const [low, high] = [at(0), at(1)]
        if (options.window === null || high - low + 1 > options.window || high > head) return undefined
        return Array.from({ length: high - low + 1 }, (_, i) => block(low + i))
      }
      case 'eth_getBlockByNumber':
        return at(0) <= head ? block(at(0)) : null
      default:
        return undefined
    }
  }
  const reader: ChainReader = {
    get requests() {
      return requests
    },
    async read(batch) {
      requests += 1
      calls.push(...batch)
      return batch.map(answer)
    },
  }
  const stateAt = async (n: number) =>
    exchangeOf(
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0x0', toQuantity(n)] },
      n >= options.stateFloor ? { jsonrpc: '2.0', id: 1, result: '0x0' } : { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'missing trie node' } },
    )
  return { reader, calls, head, stateAt }
}

describe('the history search', () => {
  it('discovers the widest eth_getBlockRange window the node answers, and its archive depth', async () => {
    const chain = recordedChain({ length: 5_000, busy: [], window: 100, stateFloor: 4_000 })
    const way = await discoverWay(chain.reader, chain.head, null, chain.stateAt)
    expect(way).toMatchObject({ window: 100, stateFloor: 4_000 })
    expect(way.note).toBe('eth_getBlockRange in windows of 100 blocks; state served from block 4000')
  })

  it('falls back to per-block reads where eth_getBlockRange is not served; an archive node serves state from genesis', async () => {
    const chain = recordedChain({ length: 300, busy: [], window: null, stateFloor: 0 })
    expect(await discoverWay(chain.reader, chain.head, null, chain.stateAt)).toMatchObject({ window: null, stateFloor: 0 })
  })

  it('walks a quiet stretch of 100,000 blocks in 100 windows of 1,000 and finds the activity before it', async () => {
    const chain = recordedChain({ length: 100_010, busy: [5, 7], window: 1000, stateFloor: 0 })
    const way = { window: 1000, stateFloor: 0, note: 'windows of 1000' }
    const found: number[] = []
    for await (const step of blocksBack(chain.reader, way, chain.head, 1, 200)) {
      found.push(...step.blocks.filter((b) => (b.transactions as unknown[]).length > 0).map((b) => Number(BigInt(String(b.number)))))
      if (found.length > 0) break
    }
    expect(found).toEqual([7, 5])
    expect(chain.reader.requests).toBe(101)
  })

  it('stops at its budget of requests, whatever the chain holds below', async () => {
    const chain = recordedChain({ length: 50_000, busy: [3], window: null, stateFloor: 0 })
    const way = { window: null, stateFloor: 0, note: 'per block' }
    const lows: number[] = []
    for await (const step of blocksBack(chain.reader, way, chain.head, 1, 5)) lows.push(step.low)
    expect(lows).toEqual([49_975, 49_950, 49_925, 49_900, 49_875])
    expect(chain.reader.requests).toBe(5)
    expect(chain.calls.every((call) => call.method === 'eth_getBlockByNumber' && call.params[1] === true)).toBe(true)
  })

  it('spreads probes log-wise from both ends of what the walk left, none twice', () => {
    expect(logProbes(1, 10)).toEqual([1, 2, 3, 5, 6, 8, 9, 10])
    const probes = logProbes(1, 1_000_000)
    expect(probes.length).toBe(2 * PROBES_PER_END)
    expect(probes.slice(0, 5)).toEqual([1, 2, 3, 5, 9])
    expect(probes.at(-1)).toBe(1_000_000)
    expect(logProbes(5, 4)).toEqual([])
  })

  it('pins a state change by bisection in about log2 of the stretch in reads', async () => {
    let reads = 0
    const created = 61_234
    const at = await firstChange(0, 100_000, async (block) => {
      reads++
      return block >= created
    })
    expect(at).toBe(created)
    expect(reads).toBeLessThanOrEqual(17)
    expect(await firstChange(0, 100, async () => undefined)).toBeNull()
  })

  it('says which blocks it read, what it probed and what it spent', () => {
    const way = { window: 1000, stateFloor: 0, note: 'eth_getBlockRange in windows of 1000 blocks; state served from block 0' }
    expect(searchedText({ from: 444, to: 507, requests: 3, way, probed: [] })).toBe(
      'blocks 444 to 507 read (eth_getBlockRange in windows of 1000 blocks; state served from block 0), 3 requests',
    )
    expect(searchedText({ from: 40, to: 507, requests: 9, way, probed: [1, 2, 3, 5, 9, 17, 33, 39, 38] })).toContain(
      '9 more probed or bisected below (1, 2, 3, 5 ... 33, 38, 39)',
    )
  })
})
