import { boundedJson } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { requirement } from './requirement.js'

/** BLOCKED-SENDTX: only signed transactions are accepted; eth_sendTransaction is refused and changes nothing. */
export const row = requirement({
  id: 'BLOCKED-SENDTX',
  level: 'MUST',
  text: 'eth_sendTransaction answers an error everywhere and changes no state',
  section: '4.3 and 7',
})

/**
 * The probe's params, made value-free: a transaction param (one with `from`) becomes zero value, to
 * its own sender, with gas price zero and only the intrinsic gas. Against a node that does not block
 * the method it moves no funds: a fee-charging node refuses it for its price (checkNotEvaluated turns
 * that refusal into a finding), a zero-fee node mines a no-op (the nonce check sees it).
 */
export function valueFree(params: readonly unknown[]): unknown[] {
  const sender = senderOf(params)
  if (sender === null) return [...params]
  return [{ from: sender, to: sender, value: '0x0', gas: '0x5208', gasPrice: '0x0' }, ...params.slice(1)]
}

/** The account a blocked call names (`from` of a transaction param), whose state must not change. */
export function senderOf(params: readonly unknown[]): string | null {
  const first = params[0] as { from?: unknown } | undefined
  return typeof first?.from === 'string' ? first.from : null
}

// The proof that nothing changed, for each sender the call was made from: its nonce and balance, and
// no block after the call carrying the call's own marked probe (suites/support/blockedSenders.ts).
export { judgeNothingChanged, type ScannedBlock, type SenderState } from '../checks/judgeNothingChanged.js'
export { checkNotEvaluated } from '../checks/checkNotEvaluated.js'
export { checkIsError } from '../checks/outcomeFindings.js'
