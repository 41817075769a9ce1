import { createHash } from 'node:crypto'
import { judgeNothingChanged, type ScannedBlock } from '../checks/judgeNothingChanged.js'
import type { LiveVerdict } from '../checks/liveVerdict.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { RunContext } from '../run/runContext.js'
import { senderStates } from '../chain/senderStates.js'
import { batchedCalls } from '../transport/batchedCalls.js'
import { DEVELOPMENT_ACCOUNTS } from '../transactions/developmentAccounts.js'

/** At most this many of the accounts eth_accounts lists are tried (a node may hold thousands). */
const LISTED_ACCOUNTS = 10
/** Blocks made during the probe that are scanned for it; past this the proof is inconclusive. */
const MAX_SCANNED_BLOCKS = 20n

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** "l2conf" in ASCII: the start of every probe's data, so a reader of the chain can tell what it was. */
const MARKER_PREFIX = '6c32636f6e66'

/**
 * The data of one probe: "l2conf" and 6 bytes of the sha256 of the run's random bytes (runNonce),
 * the check and the sender's place among the candidates. Only the call that made it can have mined
 * a transaction carrying it, so a probe found on the chain is this call's, never another client's
 * transaction of the same shape nor another run's probe (two runs of one seed at once against one
 * node included). Being a function of values the recording keeps, the probe is the same when a
 * recording of the run is checked offline (`l2conf check`), which answers only the requests the run made.
 */
export function probeMarker(runNonce: string, checkId: string, place: number): string {
  return `0x${MARKER_PREFIX}${createHash('sha256').update(`${runNonce}\u0000${checkId}\u0000${place}`).digest('hex').slice(0, 12)}`
}

// The probe's form is one module (valueFreeProbe.ts, which BLOCKED-SENDTX re-exports), so what the checks send is what its judges describe.
export { valueFreeProbe } from './valueFreeProbe.js'

/**
 * Every sender the node might hold a key for, in this order, each once: the spec example's sender,
 * the accounts eth_accounts lists (a standard method: it may answer even where the interface blocks
 * eth_getAccounts), and the well-known development accounts.
 */
export async function candidateSenders(context: RunContext, exampleSender: string): Promise<string[]> {
  const listed = outcomeOf(await context.http!.call('eth_accounts', []))
  const accounts =
    listed.kind === 'result' && Array.isArray(listed.value)
      ? listed.value.filter((a): a is string => typeof a === 'string' && ADDRESS.test(a)).slice(0, LISTED_ACCOUNTS)
      : []
  const seen = new Set<string>()
  const senders: string[] = []
  for (const address of [exampleSender, ...accounts, ...DEVELOPMENT_ACCOUNTS.map((a) => a.address)]) {
    if (seen.has(address.toLowerCase())) continue
    seen.add(address.toLowerCase())
    senders.push(address)
  }
  return senders
}

/** The blocks made between two heads (at most MAX_SCANNED_BLOCKS), with full transactions, read in one batch (batchedCalls). */
async function blocksBetween(
  context: RunContext,
  from: bigint,
  to: bigint,
): Promise<{ blocks: ScannedBlock[]; scannedAll: boolean; unbatched: string | null }> {
  const last = to < from + MAX_SCANNED_BLOCKS ? to : from + MAX_SCANNED_BLOCKS
  const numbers: bigint[] = []
  for (let n = from + 1n; n <= last; n++) numbers.push(n)
  const { exchanges, unbatched } = await batchedCalls(
    context.http!,
    numbers.map((number) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(number), true] })),
  )
  const blocks = exchanges.map((exchange, i) => {
    const block = outcomeOf(exchange)
    const transactions = block.kind === 'result' ? (block.value as { transactions?: unknown } | null)?.transactions : undefined
    return { number: numbers[i]!, transactions, exchange }
  })
  const why = unbatched === null ? null : `${unbatched.count} of ${numbers.length} block reads sent alone (${unbatched.why})`
  return { blocks, scannedAll: last === to, unbatched: why }
}

/**
 * BLOCKED-SENDTX from every sender: reads the senders' states (senderStates: a few batches over
 * every sender, one after the other), makes the blocked calls (`call`, one
 * per sender, all at once, through whichever transport the check certifies, each carrying its
 * sender's marker: see valueFreeProbe), reads the states again,
 * scans the blocks made meanwhile once, and returns, per sender, the exchange of its call and the
 * verdict of judgeNothingChanged, and why some reads were sent alone rather than in their batch (a
 * node whose batches are broken), or null.
 */
export async function probeSenders<T>(
  context: RunContext,
  senders: readonly string[],
  markers: readonly string[],
  call: () => Promise<T>,
): Promise<{ answered: T; verdicts: LiveVerdict[]; unbatched: string | null }> {
  const { states: before, unbatched: readBefore } = await senderStates(context.http!, senders, 'before')
  const answered = await call()
  const { states: after, unbatched: readAfter } = await senderStates(context.http!, senders, 'after')
  const lowest = before.reduce((min, state) => (state.head < min ? state.head : min), before[0]?.head ?? 0n)
  const highest = after.reduce((max, state) => (state.head > max ? state.head : max), 0n)
  const { blocks, scannedAll, unbatched: scanned } = await blocksBetween(context, lowest, highest)
  const verdicts = senders.map((sender, i) => {
    const from = before[i]!.head
    const to = after[i]!.head
    return judgeNothingChanged(
      sender,
      markers[i]!,
      before[i]!,
      after[i]!,
      blocks.filter((b) => b.number > from && b.number <= to),
      scannedAll || to <= lowest + MAX_SCANNED_BLOCKS,
    )
  })
  const unbatched = [readBefore, readAfter, scanned].filter((why) => why !== null)
  return { answered, verdicts, unbatched: unbatched.length === 0 ? null : unbatched.join('; ') }
}
