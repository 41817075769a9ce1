import { requirementIds } from '../requirements/index.js'
import type { Coverage, CoverageTotals } from '../coverage/coverage.js'
import { mergeCoverage } from '../coverage/mergeCoverage.js'
import type { CheckResult, Report, Verdict } from './result.js'

/** A requirement's state on one target: the worst status of its checks there; `none` when the target's report has none. */
export type CellStatus = 'failed' | 'not-run' | 'warning' | 'inconclusive' | 'known-failure' | 'passed' | 'skipped' | 'none'

/** Worst first: the first status a requirement's checks hold is its cell. */
const WORST_FIRST: readonly CellStatus[] = ['failed', 'not-run', 'warning', 'inconclusive', 'known-failure', 'passed', 'skipped']

/** One target of the fleet: its verdict and where its own reports are. */
export interface FleetRow {
  name: string
  target: Report['target']
  verdict: Verdict | undefined
  exitCode: number | undefined
  /** Relative to the fleet summary: the directory of this target's report.json, junit.xml and report.html. */
  reportDir: string
  summary: Report['summary']
  /** Why the run did not finish (e.g. the target could not be reached). */
  interrupted?: string
  /** What of the specs this target's run covered, in totals (its report.json has the whole of it). */
  coverage?: CoverageTotals
}

/** fleet.json: a matrix of targets x requirements, each cell the worst status of that requirement's checks on that target. */
export interface FleetSummary {
  fleetSchemaVersion: 1
  tool: Report['tool']
  startedAt: string
  seed: number
  profile: Report['profile']
  /** pass when every target passed; fail otherwise. */
  verdict: 'pass' | 'fail'
  exitCode: number
  requirements: string[]
  targets: FleetRow[]
  /** target name -> requirement id -> cell. */
  matrix: Record<string, Record<string, CellStatus>>
  /**
   * What of the specs the fleet covered: the union of the targets' coverage, counts summed. Absent
   * when a target's report has none (written before reports had it) or the targets ran different specs.
   */
  coverage?: Coverage
}

/** The cell of one requirement on one target. */
export function cellOf(results: readonly CheckResult[]): CellStatus {
  const statuses = new Set(results.map((result) => result.status))
  return WORST_FIRST.find((status) => statuses.has(status as CheckResult['status'])) ?? 'none'
}

/**
 * The exit code of a fleet: 1 when a target's run failed (or was cut short, or certified nothing),
 * else 3 when a target could not be reached, else 0.
 */
export function fleetExitCode(codes: readonly number[]): number {
  if (codes.some((code) => code !== 0 && code !== 3)) return 1
  return codes.includes(3) ? 3 : 0
}

/** Builds the fleet summary from each target's (already redacted) report, in the fleet file's order. */
export function fleetSummary(
  entries: ReadonlyArray<{ name: string; reportDir: string; report: Report }>,
  run: { startedAt: string; tool: Report['tool'] },
): FleetSummary {
  // The requirement table's order, then any requirement a report carries that the table lacks.
  const requirements: string[] = [...requirementIds]
  for (const { report } of entries) {
    for (const result of report.results) if (!requirements.includes(result.requirement)) requirements.push(result.requirement)
  }
  const matrix: FleetSummary['matrix'] = {}
  const targets = entries.map(({ name, reportDir, report }): FleetRow => {
    matrix[name] = Object.fromEntries(requirements.map((id) => [id, cellOf(report.results.filter((result) => result.requirement === id))]))
    const row: FleetRow = { name, target: report.target, verdict: report.verdict, exitCode: report.exitCode, reportDir, summary: report.summary }
    if (report.interrupted !== undefined) row.interrupted = report.interrupted
    if (report.coverage !== undefined) row.coverage = report.coverage.totals
    return row
  })
  const exitCode = fleetExitCode(entries.map(({ report }) => report.exitCode ?? 1))
  const first = entries[0]?.report
  const coverage = fleetCoverage(entries.map(({ report }) => report))
  return {
    fleetSchemaVersion: 1,
    tool: run.tool,
    startedAt: run.startedAt,
    seed: first?.seed ?? 0,
    profile: first?.profile ?? 'read-only',
    verdict: exitCode === 0 ? 'pass' : 'fail',
    exitCode,
    requirements,
    targets,
    matrix,
    ...(coverage === undefined ? {} : { coverage }),
  }
}

/** The union of the targets' coverage; undefined when a report has none or the targets ran different specs (their cells differ). */
function fleetCoverage(reports: readonly Report[]): Coverage | undefined {
  const parts = reports.flatMap((report) => (report.coverage === undefined ? [] : [report.coverage]))
  if (parts.length === 0 || parts.length < reports.length) return undefined
  const [first] = parts
  if (parts.some((part) => part.specs.openrpc.sha256 !== first?.specs.openrpc.sha256 || part.specs.openapi.sha256 !== first.specs.openapi.sha256))
    return undefined
  return mergeCoverage(parts)
}
