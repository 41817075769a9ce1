import type { Report } from './result.js'

/** The statuses a CI step acts on: everything but passed and skipped. */
const NOTEWORTHY = new Set(['failed', 'warning', 'known-failure', 'inconclusive', 'not-run'])

/**
 * The end-of-run summary as one JSON document (`--format json` on stdout): the verdict and exit code,
 * the counts, where each report form was written, and each check that did not pass with its one-line
 * message (and, when its failure rests on the same answer as an earlier check's, that check's id). The
 * whole report is report.json; this is what a pipeline step reads without opening it.
 */
export function jsonSummary(report: Report, files: { reportDir: string | null; written: string[] }): string {
  const summary = {
    verdict: report.verdict,
    exitCode: report.exitCode,
    target: report.target,
    profile: report.profile,
    seed: report.seed,
    ...(report.strict === true ? { strict: true } : {}),
    ...(report.shard === undefined ? {} : { shard: { index: report.shard.index, count: report.shard.count } }),
    ...(report.interrupted === undefined ? {} : { interrupted: report.interrupted }),
    ...(report.stopped === undefined ? {} : { stopped: report.stopped }),
    summary: report.summary,
    // Fixtures judged offline: what each exchange was judged against, so `summary.passed` says what it means.
    ...(report.judged === undefined ? {} : { judged: report.judged }),
    // What of the specs the run exercised, in totals (report.json has every cell; `l2conf coverage` prints them).
    ...(report.coverage === undefined ? {} : { coverage: report.coverage.totals }),
    reportDir: files.reportDir,
    files: files.written,
    checks: report.results
      .filter((result) => NOTEWORTHY.has(result.status))
      .map((result) => ({
        id: result.id,
        requirement: result.requirement,
        level: result.level,
        status: result.status,
        message: result.message,
        // Its failure rests on the same answer as that check's (findings grouped by root cause).
        ...(result.sameCauseAs === undefined ? {} : { sameCauseAs: result.sameCauseAs }),
      })),
    ...(report.warnings === undefined ? {} : { warnings: report.warnings }),
  }
  return `${JSON.stringify(summary, null, 2)}\n`
}
