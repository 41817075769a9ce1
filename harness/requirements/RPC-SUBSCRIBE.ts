import { boundedJson } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'

/** RPC-SUBSCRIBE: subscriptions over WebSocket notify, and stop once cancelled. */
export const row = requirement({
  id: 'RPC-SUBSCRIBE',
  level: 'MUST',
  text: 'eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop',
  section: '6',
})

/** How long a read-only run waits for the chain to make a block by itself (it makes none of its own). */
export const IDLE_BLOCK_WAIT_MS = 20_000
/** How long a block the run itself made (full profile) may take to be notified. */
export const OWN_BLOCK_WAIT_MS = 10_000
/** How long the log of the run's own transaction may take to be notified. */
export const OWN_LOG_WAIT_MS = 10_000
/** After unsubscribing, how long a notification already in flight may still arrive. */
export const GRACE_MS = 500
/** How long a read-only run waits after unsubscribing for a block that must not be notified. */
export const IDLE_AFTER_UNSUBSCRIBE_MS = 3_000
/** How long the second (filtered-out) log has to arrive if the filter leaked it. */
export const FILTER_SETTLE_MS = 1_000

/** eth_subscribe answered a subscription id. */
export function checkSubscribed(id: string | null, exchange: Exchange, what: string): Finding[] {
  if (id !== null) return []
  return [{ kind: outcomeOf(exchange).kind === 'broken' ? 'no-answer' : 'wrong-value', message: `${what} did not answer a subscription id`, exchange }]
}

/** A newHeads notification is a block header: a number, a hash, a parentHash. */
export function checkHeaderNotification(head: unknown, subscribe: Exchange): Finding[] {
  const header = (head !== null && typeof head === 'object' ? head : {}) as Record<string, unknown>
  if (typeof header.number === 'string' && typeof header.hash === 'string' && typeof header.parentHash === 'string') return []
  return [{ kind: 'schema-violation', message: `the newHeads notification is not a block header: ${boundedJson(head, 120)}`, exchange: subscribe }]
}

/** eth_unsubscribe of a live subscription answers true. */
export function checkUnsubscribed(exchange: Exchange): Finding[] {
  const answer = outcomeOf(exchange)
  if (answer.kind === 'result' && answer.value === true) return []
  return [{ kind: answer.kind === 'broken' ? 'no-answer' : 'wrong-value', message: `eth_unsubscribe answered ${boundedJson(answer.kind === 'result' ? answer.value : answer, 120)}, expected true`, exchange, expected: true }]
}

/** No notification arrived after the cancellation (beyond those already in flight). */
export function checkNoneAfterCancel(late: number, settled: number, unsubscribe: Exchange): Finding[] {
  if (late <= settled) return []
  return [{ kind: 'unsolicited', message: `${late - settled} newHeads notification(s) arrived after eth_unsubscribe`, exchange: unsubscribe, expected: 0, got: late - settled }]
}

/** The logs notification is the log of the run's transaction, from the filtered address. */
export function checkOwnLog(log: unknown, address: string, txHash: string, subscribe: Exchange): Finding[] {
  const hash = log !== null && typeof log === 'object' ? (log as Record<string, unknown>).transactionHash : undefined
  if (addressOf(log) === address && hash === txHash) return []
  return [{ kind: 'wrong-value', message: `the logs notification is not the transaction's log: ${boundedJson(log, 160)}`, exchange: subscribe }]
}

/** The address a log names, lower-cased ('undefined' for anything that is not a log object). */
const addressOf = (log: unknown): string => String(log !== null && typeof log === 'object' ? (log as Record<string, unknown>).address : undefined).toLowerCase()

/** Every log notified passed the filter {address}: none from another address. */
export function checkFilterHeld(received: readonly unknown[], address: string, subscribe: Exchange): Finding[] {
  const stray = received.find((log) => addressOf(log) !== address)
  if (stray === undefined) return []
  return [{ kind: 'unsolicited', message: `a log of another address passed the filter {address: ${address}}: ${boundedJson(stray, 160)}`, exchange: subscribe }]
}
