import type { CheckResult } from '../report/result.js'
import { requirementIds } from '../requirements/index.js'

/** Results ordered by requirement (the requirement table's order), then by check id: stable across runs. */
export function orderResults(results: CheckResult[]): CheckResult[] {
  const rank = (r: CheckResult): number => {
    const i = requirementIds.indexOf(r.requirement)
    return i === -1 ? requirementIds.length : i
  }
  return [...results].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))
}
