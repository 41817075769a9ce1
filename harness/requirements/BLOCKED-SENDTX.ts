import { requirement } from './requirement.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { blockedMethodChecks } from '../scenarios/blockedCalls.js'

/** BLOCKED-SENDTX: only signed transactions are accepted; eth_sendTransaction is refused and changes nothing. */
export const row = requirement({
  id: 'BLOCKED-SENDTX',
  level: 'MUST',
  text: 'eth_sendTransaction answers an error everywhere and changes no state',
  section: '4.3 and 7',
})

export { senderOf, valueFree, valueFreeProbe } from '../scenarios/valueFreeProbe.js'

// The proof that nothing changed, for each sender the call was made from: its nonce and balance, and
// no block after the call carrying the call's own marked probe (harness/scenarios/blockedSenders.ts).
export { judgeNothingChanged, type ScannedBlock, type SenderState } from '../checks/judgeNothingChanged.js'
export { checkNotEvaluated } from '../checks/checkNotEvaluated.js'
export { checkIsError } from '../checks/outcomeFindings.js'

/** BLOCKED-SENDTX's checks: every method openrpc.json marks `x-blocked` that is this requirement's (eth_sendTransaction, and any blocked method the table has no row for), over HTTP, WebSocket and inside a batch, each proving from every candidate sender that nothing changed. */
export function checks({ openrpc }: DeclarationScope): CheckDefinition[] {
  return blockedMethodChecks(openrpc, row.id)
}
