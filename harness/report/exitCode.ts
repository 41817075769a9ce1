import type { Report, Verdict } from './result.js'

/** Statuses that are a verdict on the target: a run with none of them certified nothing. */
const CERTIFYING = new Set(['passed', 'failed', 'warning', 'known-failure'])

/**
 * The verdict of a finished run (ARCHITECTURE.md, CLI contract), what a CI gate reads:
 * - interrupted: the run stopped early (signal, --max-time, unreachable target): not every check ran;
 * - nothing-certified: no check reached a verdict (every one skipped, inconclusive or not run);
 * - fail: a check failed; with `strict`, also a SHOULD check left as a warning (a producer that forgot
 *   to mark it failed cannot turn a strict run green) and a MUST check left inconclusive; and, when
 *   something was certified, a MUST check not run in a run that was not cut short (its transport was
 *   judged unusable, so its requirement is not certified);
 * - pass: otherwise. A known failure never fails the run.
 */
export function verdictOf(report: Report, options: { strict: boolean }): Verdict {
  if (report.interrupted !== undefined) return 'interrupted'
  const failing = report.results.some(
    (result) =>
      result.status === 'failed' ||
      (options.strict && result.status === 'warning' && result.level === 'SHOULD') ||
      (options.strict && result.level === 'MUST' && result.status === 'inconclusive'),
  )
  if (failing) return 'fail'
  if (!report.results.some((result) => CERTIFYING.has(result.status))) return 'nothing-certified'
  if (report.results.some((result) => result.level === 'MUST' && result.status === 'not-run')) return 'fail'
  return 'pass'
}

/**
 * The exit code of `l2conf run` for a finished report (ARCHITECTURE.md, CLI contract): 0 when the verdict
 * (verdictOf) is pass, else 1 (a failure, an interrupted run, a run that certified nothing). Codes 2
 * (usage) and 3 (unreachable) are the CLI's to decide.
 */
export function exitCodeFor(report: Report, options: { strict: boolean }): 0 | 1 {
  return verdictOf(report, options) === 'pass' ? 0 : 1
}
