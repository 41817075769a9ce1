import type { SenderState } from '../checks/judgeNothingChanged.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { batchedCalls, type BatchedCall } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import type { HttpTransport } from '../transport/httpTransport.js'

/** The senders' states, in their order, and why some reads were not answered inside their batch (null when all were). */
export interface SenderStates {
  states: SenderState[]
  unbatched: string | null
}

const HEAD = /^0x[0-9a-fA-F]{1,64}$/

/**
 * Every sender's nonces (latest and pending), balance, and the head, read just before or just after
 * a blocked call (BLOCKED-SENDTX), in three steps one after the other, each one JSON-RPC batch over
 * every sender (batchedCalls: calls a batch does not answer are sent alone). The steps' order makes
 * a block landing between two reads err on the safe side, as reads of one sender one after the other
 * would: before the call the head comes first and the pending nonces after the latest, after the call
 * the head comes last and the pending nonces before the latest. So an unchanged head means no block
 * at all between the first read and the last, and a pending nonce's lead is never overstated after
 * the call nor understated before it. A read answered with anything but a result is null (the head: 0).
 * @example const { states } = await senderStates(http, ['0xf39F…'], 'before')
 */
export async function senderStates(http: HttpTransport, addresses: readonly string[], when: 'before' | 'after'): Promise<SenderStates> {
  if (addresses.length === 0) return { states: [], unbatched: null }
  const reasons: string[] = []
  const step = async (calls: BatchedCall[]): Promise<unknown[]> => {
    const { exchanges, unbatched } = await batchedCalls(http, calls)
    if (unbatched !== null) reasons.push(`${unbatched.count} of ${calls.length} reads sent alone (${unbatched.why})`)
    return exchanges.map(valueOf)
  }
  const head = async (): Promise<bigint> => {
    const [hex] = await step([{ method: 'eth_blockNumber', params: [] }])
    return typeof hex === 'string' && HEAD.test(hex) ? BigInt(hex) : 0n
  }
  const nonces = (tag: 'latest' | 'pending'): BatchedCall[] => addresses.map((address) => ({ method: 'eth_getTransactionCount', params: [address, tag] }))
  const balances: BatchedCall[] = addresses.map((address) => ({ method: 'eth_getBalance', params: [address, 'latest'] }))
  const latestAndBalances = async (): Promise<{ nonce: unknown[]; balance: unknown[] }> => {
    const values = await step([...nonces('latest'), ...balances])
    return { nonce: values.slice(0, addresses.length), balance: values.slice(addresses.length) }
  }
  const state = (at: bigint, latest: { nonce: unknown[]; balance: unknown[] }, pending: unknown[]): SenderState[] =>
    addresses.map((_, i) => ({ head: at, nonce: latest.nonce[i], pending: pending[i], balance: latest.balance[i] }))
  if (when === 'before') {
    const at = await head()
    const latest = await latestAndBalances()
    const pending = await step(nonces('pending'))
    return { states: state(at, latest, pending), unbatched: reasons.length === 0 ? null : reasons.join('; ') }
  }
  const pending = await step(nonces('pending'))
  const latest = await latestAndBalances()
  const at = await head()
  return { states: state(at, latest, pending), unbatched: reasons.length === 0 ? null : reasons.join('; ') }
}

function valueOf(exchange: Exchange): unknown {
  const outcome = outcomeOf(exchange)
  return outcome.kind === 'result' ? outcome.value : null
}
