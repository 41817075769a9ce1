import { createHash } from 'node:crypto'
import { judgeNothingChanged, type ScannedBlock, type SenderState } from '../../harness/requirements/BLOCKED-SENDTX.js'
import type { LiveVerdict } from '../../harness/checks/liveVerdict.js'
import { outcomeOf } from '../../harness/checks/outcomeOf.js'
import { toQuantity } from '../../harness/generate/toQuantity.js'
import type { RunContext } from '../../harness/run/runContext.js'
import { DEVELOPMENT_ACCOUNTS } from '../../harness/transactions/developmentAccounts.js'

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

// The probe's form is BLOCKED-SENDTX's (the requirement's file), so what the checks send is what its judges describe.
export { valueFreeProbe } from '../../harness/requirements/BLOCKED-SENDTX.js'

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

/**
 * The sender's nonces (latest and pending), balance and the head, read one after the other in an
 * order that makes a block landing between two reads err on the safe side: before the call the head
 * comes first and the pending nonce after the latest, after the call the head comes last and the
 * pending nonce before the latest. So an unchanged head means no block at all between the first
 * read and the last, and the pending nonce's lead is never overstated after the call nor understated before it.
 */
export async function senderState(context: RunContext, address: string, when: 'before' | 'after'): Promise<SenderState> {
  const http = context.http!
  const read = async (method: string, params: unknown[]): Promise<unknown> => {
    const outcome = outcomeOf(await http.call(method, params))
    return outcome.kind === 'result' ? outcome.value : null
  }
  const readHead = async (): Promise<bigint> => {
    const hex = await read('eth_blockNumber', [])
    return typeof hex === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(hex) ? BigInt(hex) : 0n
  }
  if (when === 'before') {
    const head = await readHead()
    const nonce = await read('eth_getTransactionCount', [address, 'latest'])
    const pending = await read('eth_getTransactionCount', [address, 'pending'])
    return { head, nonce, pending, balance: await read('eth_getBalance', [address, 'latest']) }
  }
  const pending = await read('eth_getTransactionCount', [address, 'pending'])
  const nonce = await read('eth_getTransactionCount', [address, 'latest'])
  const balance = await read('eth_getBalance', [address, 'latest'])
  return { nonce, pending, balance, head: await readHead() }
}

/** The blocks made between two heads (at most MAX_SCANNED_BLOCKS), with full transactions. */
async function blocksBetween(context: RunContext, from: bigint, to: bigint): Promise<{ blocks: ScannedBlock[]; scannedAll: boolean }> {
  const last = to < from + MAX_SCANNED_BLOCKS ? to : from + MAX_SCANNED_BLOCKS
  const numbers: bigint[] = []
  for (let n = from + 1n; n <= last; n++) numbers.push(n)
  const blocks = await Promise.all(
    numbers.map(async (number) => {
      const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(number), true])
      const block = outcomeOf(exchange)
      const transactions = block.kind === 'result' ? (block.value as { transactions?: unknown } | null)?.transactions : undefined
      return { number, transactions, exchange }
    }),
  )
  return { blocks, scannedAll: last === to }
}

/**
 * BLOCKED-SENDTX from every sender: reads each sender's state, makes the blocked calls (`call`, one
 * per sender, all at once, through whichever transport the check certifies, each carrying its
 * sender's marker: see valueFreeProbe), reads the states again,
 * scans the blocks made meanwhile once, and returns, per sender, the exchange of its call and the
 * verdict of judgeNothingChanged.
 */
export async function probeSenders<T>(
  context: RunContext,
  senders: readonly string[],
  markers: readonly string[],
  call: () => Promise<T>,
): Promise<{ answered: T; verdicts: LiveVerdict[] }> {
  const before = await Promise.all(senders.map((s) => senderState(context, s, 'before')))
  const answered = await call()
  const after = await Promise.all(senders.map((s) => senderState(context, s, 'after')))
  const lowest = before.reduce((min, state) => (state.head < min ? state.head : min), before[0]?.head ?? 0n)
  const highest = after.reduce((max, state) => (state.head > max ? state.head : max), 0n)
  const { blocks, scannedAll } = await blocksBetween(context, lowest, highest)
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
  return { answered, verdicts }
}
