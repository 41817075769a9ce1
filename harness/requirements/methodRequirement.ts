import type { RequirementId } from './requirementId.js'

/**
 * The requirement a method's own answers certify, by name: the custom methods and the blocked ones
 * have rows of their own in the table (the interface document, sections 4.2 and 4.3); every other
 * method is RPC-STANDARD's. One map, read by the requirements (which check a blocked method, which error
 * code belongs to whom), by the transcript judge and by the run's notices.
 */
const OWN_ROWS: Readonly<Record<string, RequirementId>> = {
  eth_getBlockRange: 'RANGE-SHAPE',
  rollup_getInfo: 'INFO-SHAPE',
  rollup_gasPrices: 'GAS-SHAPE',
  eth_getAccounts: 'BLOCKED-ACCOUNTS',
  eth_sendTransaction: 'BLOCKED-SENDTX',
  eth_sendRawTransaction: 'SENDRAW',
}

/** The requirement a method's answers certify on their own (OWN_ROWS, else RPC-STANDARD). */
export function requirementOfMethod(method: string): RequirementId {
  return OWN_ROWS[method] ?? 'RPC-STANDARD'
}

/**
 * The requirement a method the spec marks `x-blocked` certifies: what its marker names, else its
 * own row; a blocked method the table has no row for is BLOCKED-SENDTX's (a blocked call that may
 * change state: the stricter of the two).
 */
export function blockedRequirement(method: string, declared: RequirementId | undefined): RequirementId {
  if (declared !== undefined) return declared
  const own = requirementOfMethod(method)
  return own === 'BLOCKED-ACCOUNTS' ? own : 'BLOCKED-SENDTX'
}
