import { boundedJson } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'

/** BLOCKED-SENDTX: only signed transactions are accepted; eth_sendTransaction is refused and changes nothing. */
export const row = requirement({
  id: 'BLOCKED-SENDTX',
  level: 'MUST',
  text: 'eth_sendTransaction answers an error everywhere and changes no state',
  section: '4.3 and 7',
})

/**
 * How many blocks after the call are searched for a transaction from the probe's sender: a node that
 * queued the transaction instead of refusing it includes it within a few blocks.
 */
export const BLOCKS_SEARCHED = 20

/** What shows an account's state: its nonces (mined and pending) and its balance, with the head they were read at. */
export interface AccountState { nonce: unknown; pending: unknown; balance: unknown; head: bigint }

/**
 * The probe's params, made value-free: a transaction param (one with `from`) becomes zero value, to
 * its own sender, with gas price zero and only the intrinsic gas. Against a node that does not block
 * the method it moves no funds: a fee-charging node refuses it for its price (checkNotEvaluated turns
 * that refusal into a finding), a zero-fee node mines a no-op (the nonce check sees it).
 */
export function valueFree(params: readonly unknown[]): unknown[] {
  const sender = senderOf([...params])
  if (sender === null) return [...params]
  return [{ from: sender, to: sender, value: '0x0', gas: '0x5208', gasPrice: '0x0' }, ...params.slice(1)]
}

/** The account a blocked call names (`from` of a transaction param), whose state must not change. */
export function senderOf(params: unknown[]): string | null {
  const first = params[0] as { from?: unknown } | undefined
  return typeof first?.from === 'string' ? first.from : null
}

/** The account's state from the answers of eth_getTransactionCount (latest, pending), eth_getBalance and eth_blockNumber. */
export function accountStateOf(answers: { nonce: Exchange; pending: Exchange; balance: Exchange; head: Exchange }): AccountState {
  const value = (exchange: Exchange): unknown => {
    const outcome = outcomeOf(exchange)
    return outcome.kind === 'result' ? outcome.value : null
  }
  const head = value(answers.head)
  return { nonce: value(answers.nonce), pending: value(answers.pending), balance: value(answers.balance), head: typeof head === 'string' && /^0x[0-9a-f]{1,64}$/i.test(head) ? BigInt(head) : 0n }
}

/** The blocked call changed none of the sender's nonces and balance. */
export function checkStateUnchanged(address: string, before: AccountState, after: AccountState): Finding[] {
  const findings: Finding[] = []
  for (const key of ['nonce', 'pending', 'balance'] as const) {
    if (firstDifference(before[key], after[key]) !== null) {
      findings.push({ kind: 'state-changed', message: `the blocked call changed state: ${address}'s ${key === 'balance' ? 'balance' : `${key} nonce`} went from ${boundedJson(before[key], 80)} to ${boundedJson(after[key], 80)}`, expected: before[key], got: after[key] })
    }
  }
  return findings
}

/** The numbers of the blocks after the call that are searched for the sender's transaction (at most BLOCKS_SEARCHED). */
export function blocksToSearch(before: AccountState, after: AccountState): bigint[] {
  const last = after.head < before.head + BigInt(BLOCKS_SEARCHED) ? after.head : before.head + BigInt(BLOCKS_SEARCHED)
  const numbers: bigint[] = []
  for (let n = before.head + 1n; n <= last; n++) numbers.push(n)
  return numbers
}

/** A block (eth_getBlockByNumber with full transactions) carries no transaction from `address`. */
export function checkNoTransactionFrom(blockExchange: Exchange, address: string): Finding[] {
  const outcome = outcomeOf(blockExchange)
  const block = outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' ? (outcome.value as { number?: unknown; transactions?: unknown }) : null
  const txs = Array.isArray(block?.transactions) ? block.transactions : []
  const index = txs.findIndex((tx) => tx !== null && typeof tx === 'object' && typeof (tx as { from?: unknown }).from === 'string' && (tx as { from: string }).from.toLowerCase() === address.toLowerCase())
  if (index === -1) return []
  const number = (blockExchange.request as { params?: unknown[] } | null)?.params?.[0]
  return [{ kind: 'state-changed', message: `block ${typeof number === 'string' ? Number(BigInt(number)) : boundedJson(block?.number, 40)} carries a transaction from ${address} sent through the blocked method`, exchange: blockExchange, pointer: `/result/transactions/${index}` }]
}

export { checkNotEvaluated } from '../checks/checkNotEvaluated.js'
export { checkIsError } from '../checks/outcomeFindings.js'
