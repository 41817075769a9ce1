import type { Report } from './result.js'

/**
 * The exit code of `l2conf run` for a finished report (DESIGN.md, CLI contract): 0 when every MUST
 * check passed (with `strict`, every SHOULD check too), else 1. Codes 2 (usage) and 3 (unreachable)
 * are the CLI's to decide before any report exists.
 *
 * Producers already mark a failing SHOULD check 'failed' under --strict; a SHOULD 'warning' is
 * counted here too when `strict` is set, so a producer that forgot cannot turn a strict run green.
 * A known failure never fails the run. An interrupted run exits 1: not every check ran.
 */
export function exitCodeFor(report: Report, options: { strict: boolean }): 0 | 1 {
  if (report.interrupted !== undefined) return 1
  const failing = report.results.some((result) =>
    result.status === 'failed' || (options.strict && result.status === 'warning' && result.level === 'SHOULD'))
  return failing ? 1 : 0
}
