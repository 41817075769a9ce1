import type { CheckResult } from './result.js'

/**
 * True when a check could not decide (ARCHITECTURE.md: a check that races the head reports "inconclusive"
 * rather than fail): status 'inconclusive', or the older form, a skip flagged or worded so.
 */
export function isInconclusive(result: CheckResult): boolean {
  if (result.status === 'inconclusive') return true
  return result.status === 'skipped' && (result.inconclusive === true || /^inconclusive\b/i.test(result.message))
}
