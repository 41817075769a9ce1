import { requirement } from './requirement.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { blockedMethodChecks } from '../scenarios/blockedCalls.js'

/** BLOCKED-ACCOUNTS: the node exposes no wallet, so eth_getAccounts is refused everywhere. */
export const row = requirement({
  id: 'BLOCKED-ACCOUNTS',
  level: 'MUST',
  text: 'eth_getAccounts answers an error, over HTTP, WebSocket and inside a batch',
  section: '4.3 and 7',
})

export { ALLOWED_BESIDE } from '../scenarios/blockedCalls.js'

export { checkIsError } from '../checks/outcomeFindings.js'

/** BLOCKED-ACCOUNTS's checks: every method openrpc.json marks `x-blocked` that is this requirement's (eth_getAccounts), over HTTP, WebSocket and inside a batch. */
export function checks({ openrpc }: DeclarationScope): CheckDefinition[] {
  return blockedMethodChecks(openrpc, row.id)
}
