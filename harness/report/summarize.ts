import type { CheckResult, Report } from './result.js'

/**
 * The counts of report.json's `summary` (ARCHITECTURE.md report format): one count per result status.
 * An unexpected pass counts as passed.
 *
 * @example summarize(results) // { passed: 40, failed: 1, skipped: 2, warnings: 3, knownFailures: 1, inconclusive: 1, notRun: 0 }
 */
export function summarize(results: CheckResult[]): Report['summary'] {
  const summary = { passed: 0, failed: 0, skipped: 0, warnings: 0, knownFailures: 0, inconclusive: 0, notRun: 0 }
  for (const result of results) {
    switch (result.status) {
      case 'passed':
        summary.passed++
        break
      case 'failed':
        summary.failed++
        break
      case 'skipped':
        summary.skipped++
        break
      case 'warning':
        summary.warnings++
        break
      case 'known-failure':
        summary.knownFailures++
        break
      case 'inconclusive':
        summary.inconclusive++
        break
      case 'not-run':
        summary.notRun++
        break
    }
  }
  return summary
}
