import type { CheckResult, RequirementId } from '../report/result.js'

/** The requirement ids in the requirement table's order: reports list results in it. */
export const REQUIREMENT_ORDER: readonly RequirementId[] = [
  'SPEC-VALID', 'RPC-ENVELOPE', 'RPC-HTTP', 'RPC-WS', 'RPC-SUBSCRIBE', 'RPC-STANDARD', 'RPC-ERRORS',
  'RANGE-SHAPE', 'RANGE-ORDER', 'RANGE-TAGS', 'RANGE-FULLTX', 'RANGE-CONSISTENT', 'RANGE-INVALID',
  'INFO-SHAPE', 'INFO-PROGRESS', 'GAS-SHAPE', 'GAS-CONSISTENT', 'BLOCKED-ACCOUNTS', 'BLOCKED-SENDTX',
  'SENDRAW', 'CHAIN-INTEGRITY', 'REST-SHAPE', 'REST-ERRORS', 'REST-CONSISTENT', 'LIMITS',
]

/** Results ordered by requirement (the requirement table), then by check id: stable across runs. */
export function orderResults(results: CheckResult[]): CheckResult[] {
  const rank = (r: CheckResult): number => {
    const i = REQUIREMENT_ORDER.indexOf(r.requirement)
    return i === -1 ? REQUIREMENT_ORDER.length : i
  }
  return [...results].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))
}
