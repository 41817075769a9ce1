import type { CheckResult } from './result.js'

/**
 * True when a skipped check could not decide (DESIGN.md: a check that races the head reports
 * "inconclusive" rather than fail): flagged `inconclusive`, or a skip whose message says so.
 */
export function isInconclusive(result: CheckResult): boolean {
  return result.status === 'skipped' && (result.inconclusive === true || /^inconclusive\b/i.test(result.message))
}
