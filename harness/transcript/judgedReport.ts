import { join, resolve } from 'node:path'
import { boundEvidence, EVIDENCE_BYTES } from '../report/boundEvidence.js'
import { exitCodeFor, verdictOf } from '../report/exitCode.js'
import { jsonSummary } from '../report/jsonSummary.js'
import { REPORT_SCHEMA_VERSION, type CheckResult, type JudgedExchanges, type Level, type Report, type RequirementId } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { writeReports } from '../report/writeReports.js'
import { statusFor } from '../run/certify.js'
import type { UntypedFinding } from '../checks/finding.js'
import { orderResults } from '../run/orderResults.js'
import { reproduceCommand } from '../transport/reproduce.js'
import type { Coverage } from '../coverage/coverage.js'

/** One judged unit (a fixture file, a replayed check): its findings become a CheckResult, status by level. */
export function judgedResult(
  spec: { id: string; requirement: RequirementId; level: Level; title: string },
  findings: readonly UntypedFinding[],
  notes: readonly string[],
  strict: boolean,
): CheckResult {
  const failed = findings.length > 0
  const shown = findings.slice(0, 3).map((f) => (f.pointer === undefined ? f.message : `${f.message} (at ${f.pointer})`))
  const message = failed ? `${shown.join('; ')}${findings.length > 3 ? `; and ${findings.length - 3} more` : ''}` : notes.join('; ')
  const result: CheckResult = { ...spec, status: statusFor(spec.level, failed, strict), message, durationMs: 0 }
  const witness = findings.find((f) => f.exchange !== undefined)?.exchange
  if (witness !== undefined) {
    result.evidence = boundEvidence({ request: witness.request, response: witness.response ?? witness.rawResponse ?? witness.failure ?? null }, EVIDENCE_BYTES)
    if (witness.url !== '') result.reproduce = reproduceCommand(witness)
  }
  return result
}

/**
 * Writes the reports of an offline judgement (`l2conf check` of fixtures, `l2conf replay`) with the
 * run's writers (report.json, junit.xml, report.html), prints the terminal summary (or, with
 * `format: 'json'`, the run's JSON summary), and returns the exit code by the run's rule (0 every
 * MUST passed, else 1). `judged` says what the exchanges of fixtures were judged against.
 */
export async function writeJudgedReport(
  results: CheckResult[],
  options: {
    target: Report['target']
    specs: Report['specs']
    tool: { name: string; version: string }
    strict: boolean
    reportDir: string | undefined
    startedAt: Date
    notices?: string[]
    /** The selection the judgement made (report.json requires it); with it, `options` records --strict. */
    selection?: Report['selection']
    judged?: JudgedExchanges
    /** What of the specs the judged exchanges (fixtures) or the sent ones (replay) exercised. */
    coverage?: Coverage
    format?: 'text' | 'json'
  },
): Promise<number> {
  const ordered = orderResults(results)
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: options.tool,
    target: options.target,
    profile: 'read-only',
    seed: 0,
    startedAt: options.startedAt.toISOString(),
    durationMs: Date.now() - options.startedAt.getTime(),
    specs: options.specs,
    ...(options.selection === undefined ? {} : { selection: options.selection, options: { strict: options.strict } }),
    summary: summarize(ordered),
    results: ordered,
  }
  if (options.strict) report.strict = true
  if (options.notices !== undefined && options.notices.length > 0) report.warnings = options.notices
  if (options.judged !== undefined) report.judged = options.judged
  if (options.coverage !== undefined) report.coverage = options.coverage
  report.verdict = verdictOf(report, { strict: options.strict })
  const exitCode = exitCodeFor(report, { strict: options.strict })
  report.exitCode = exitCode
  const dir = resolve(options.reportDir ?? join('reports', options.startedAt.toISOString().replace(/[:.]/g, '-')))
  const written = await writeReports(report, dir)
  if (options.format === 'json') process.stdout.write(jsonSummary(report, { reportDir: dir, written: [written.json, written.junit, written.html] }))
  else
    console.log(terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir: dir, strict: options.strict }))
  return exitCode
}
