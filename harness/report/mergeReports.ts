import { mergeCoverage } from '../coverage/mergeCoverage.js'
import { HarnessError } from '../errors/harnessError.js'
import { orderResults } from '../run/orderResults.js'
import { boundReportEvidence } from './boundEvidence.js'
import { limitForms } from './limitForm.js'
import { verdictOf } from './exitCode.js'
import type { CatalogueEntry, CheckResult, Report } from './result.js'
import { summarize } from './summarize.js'

/** A partial report and where it came from (the directory given to `l2conf merge`). */
export interface PartialReport {
  source: string
  report: Report
}

/**
 * What makes two reports parts of one certification: the same target (the bundled reference counts as
 * one target whatever ports it had), the same specs by hash, the same seed, profile and strictness,
 * and (for shards) the same number of slices.
 */
function identity(report: Report): Record<string, string> {
  const reference = report.options?.reference === true
  return {
    target: reference ? 'the bundled reference' : [report.target.rpc, report.target.ws, report.target.rest].map((url) => url ?? '-').join(' '),
    'openrpc.json': report.specs.openrpc.sha256,
    'openapi.yaml': report.specs.openapi.sha256,
    seed: String(report.seed),
    profile: report.profile,
    strict: String(report.strict === true),
    'shard count': report.shard === undefined ? 'unsharded' : String(report.shard.count),
  }
}

/**
 * Joins partial reports (the shards of one run, `l2conf run --shard i/n`) into one certification
 * (ARCHITECTURE.md, the report): every check once, in the report's order, the summary, verdict and exit
 * code recomputed as one run's would be. A check no partial report holds is listed as not-run, and
 * one held twice keeps its first result; both are named in `merged` and make the merge fail (exit 1),
 * since the reports given are not one whole run. Throws HarnessError L2CONF_ERR_USAGE when the reports
 * are not parts of one run (another target, spec, seed, profile or shard count), naming what differs.
 */
export function mergeReports(parts: readonly PartialReport[]): Report {
  const first = parts[0]
  if (first === undefined) throw new HarnessError('L2CONF_ERR_USAGE', 'nothing to merge: give the directories of the partial reports')
  const expected = identity(first.report)
  for (const part of parts.slice(1)) {
    const actual = identity(part.report)
    const differs = Object.keys(expected).filter((key) => expected[key] !== actual[key])
    if (differs.length > 0) {
      throw new HarnessError(
        'L2CONF_ERR_USAGE',
        `${part.source} is not part of the same run as ${first.source}: ${differs.map((key) => `${key} ${actual[key]} vs ${expected[key]}`).join('; ')}`,
      )
    }
  }

  const catalogue = new Map<string, CatalogueEntry>()
  for (const { report } of parts) {
    for (const entry of report.shard?.catalogue ?? report.results)
      catalogue.set(entry.id, { id: entry.id, requirement: entry.requirement, level: entry.level, title: entry.title })
  }
  const byId = new Map<string, CheckResult>()
  const duplicated = new Set<string>()
  for (const { report } of parts) {
    for (const result of report.results) {
      if (byId.has(result.id)) duplicated.add(result.id)
      else byId.set(result.id, result)
    }
  }
  const missing = [...catalogue.keys()].filter((id) => !byId.has(id)).sort()
  for (const id of missing) {
    const entry = catalogue.get(id)!
    byId.set(id, { ...entry, status: 'not-run', message: 'no merged report holds this check (a shard not given, or cut short before it)', durationMs: 0 })
  }
  const results = orderResults([...byId.values()])

  const interrupted = unique(parts.map(({ report }) => report.interrupted))
  const stopped = unique(parts.map(({ report }) => report.stopped))
  const warnings = unique(parts.flatMap(({ report }) => report.warnings ?? []))
  if (missing.length > 0)
    warnings.push(
      `${missing.length} check${missing.length === 1 ? ' is' : 's are'} in no merged report: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`,
    )
  if (duplicated.size > 0)
    warnings.push(
      `${duplicated.size} check${duplicated.size === 1 ? ' is' : 's are'} in more than one merged report (the first kept): ${[...duplicated].slice(0, 10).join(', ')}${duplicated.size > 10 ? ', ...' : ''}`,
    )
  const startedAt = parts.map(({ report }) => report.startedAt).sort()[0]!
  const merged: Report = {
    ...first.report,
    startedAt,
    // The shards ran side by side: the certification took as long as the longest.
    durationMs: Math.max(...parts.map(({ report }) => report.durationMs)),
    summary: summarize(results),
    results: boundReportEvidence(results),
    merged: { sources: parts.map(({ source }) => source), missing, duplicated: [...duplicated].sort() },
  }
  delete merged.shard
  delete merged.interrupted
  delete merged.stopped
  delete merged.warnings
  delete merged.limits
  delete merged.limitForms
  if (interrupted.length > 0) merged.interrupted = interrupted.join('; ')
  if (stopped.length > 0 && interrupted.length === 0) merged.stopped = stopped.join('; ')
  if (warnings.length > 0) merged.warnings = warnings
  const limits = Object.assign({}, ...parts.map(({ report }) => report.limits ?? {})) as NonNullable<Report['limits']>
  if (Object.keys(limits).length > 0) merged.limits = limits
  const forms = limitForms(limits)
  if (forms !== undefined) merged.limitForms = forms
  // Each part covered the specs with its own checks: the certification covered their union (a part
  // written before reports had coverage leaves the union unknown, so none is claimed).
  delete merged.coverage
  const coverages = parts.flatMap(({ report }) => (report.coverage === undefined ? [] : [report.coverage]))
  if (coverages.length === parts.length) merged.coverage = mergeCoverage(coverages)
  const expectations = mergeExpectations(parts)
  if (expectations !== undefined) merged.expectations = expectations

  const strict = first.report.strict === true
  const verdict = verdictOf(merged, { strict })
  merged.verdict = verdict === 'pass' && (missing.length > 0 || duplicated.size > 0) ? 'fail' : verdict
  merged.exitCode = parts.some(({ report }) => report.exitCode === 3) ? 3 : merged.verdict === 'pass' ? 0 : 1
  return merged
}

/** --expect-failures across shards: a stale entry is stale in any shard; an entry matched nothing only if it matched nothing in every shard. */
function mergeExpectations(parts: readonly PartialReport[]): Report['expectations'] {
  const all = parts.map(({ report }) => report.expectations).filter((e): e is NonNullable<Report['expectations']> => e !== undefined)
  const head = all[0]
  if (head === undefined) return undefined
  return {
    file: head.file,
    unexpectedPasses: unique(all.flatMap((e) => e.unexpectedPasses)),
    unmatched: head.unmatched.filter((pattern) => all.every((e) => e.unmatched.includes(pattern))),
    expired: unique(all.flatMap((e) => e.expired ?? [])),
  }
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))]
}
