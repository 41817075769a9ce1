import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError, isHarnessError } from '../errors/harnessError.js'
import { fleetHtml } from '../report/fleetHtml.js'
import { fleetSummary, type FleetSummary } from '../report/fleetSummary.js'
import { jsonSummary } from '../report/jsonSummary.js'
import { mergeReports, type PartialReport } from '../report/mergeReports.js'
import { linkLatest, prepareReportDir } from '../report/reportDirectory.js'
import { copyOutputs, prepareOutputs, type OutputPaths } from '../report/reportOutputs.js'
import { REPORT_SCHEMA_VERSION, type Report } from '../report/result.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { writeReports } from '../report/writeReports.js'
import { toolInfoOf } from '../run/toolInfo.js'
import { isSweepReport, mergeSweepReports } from '../sweep/mergeSweepReports.js'
import { sweepHtml } from '../sweep/sweepHtml.js'
import { sweepJunitXml } from '../sweep/sweepJunitXml.js'
import { packageRoot } from './packageInfo.js'

export const MERGE_USAGE = `Usage: l2conf merge [options] DIR...

Joins the partial reports of one sharded run (l2conf run --shard i/n) into one certification
(or the parts of a sharded sweep, l2conf sweep --shard I/N, into the whole sweep's report):
report.json, junit.xml and report.html, every check once, the verdict and exit code recomputed as one
run's. Each argument is a shard's report directory (or its report.json), read by its report.json,
which holds each check's result and evidence as the shard recorded them. The parts must be of one
run: the same target (the bundled reference counts as one), the same specs (by SHA-256), seed,
profile, strictness and shard count; anything else is refused (exit 2) naming what differs. A check
no part holds (a shard not given) is not-run, and one two parts hold is kept once; both are named,
and fail the merge. Directories of sharded fleets (l2conf run --targets FILE --shard i/n, holding
fleet.json) are merged target by target, with a new fleet summary. (Shards wrote vitest blobs when
the checks ran under vitest; l2conf run has its own engine now, and report.json is the whole part.)

Options:
  --report-dir DIR    where the merged reports go (default reports/merged-<timestamp>/, with
                      reports/latest pointing at it)
  --junit FILE        also write junit.xml here; likewise --json FILE and --html FILE
  --json FILE
  --html FILE
  --format text|json  the summary on stdout as text (default) or one JSON document
  --quiet, -q         no summary (errors only)
  --list              name the reports that would be merged and check they are one run; write nothing

Merge takes flags only, no L2CONF_* variables: a CI job's L2CONF_REPORT_DIR is its shard's directory.

Exit codes: 0 the merged run passed; 1 it failed, was cut short, or lacks or repeats checks; 2 bad
usage, a directory without a report, or parts of different runs; 3 a shard could not reach the
target (its report says so).

Examples:
  l2conf merge shard-1 shard-2 shard-3 --report-dir certification --junit junit.xml
  l2conf merge shard-*/ --format json`

const OPTIONS = {
  'report-dir': { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  format: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The options of `l2conf merge`, checked. */
export interface MergeArgs {
  dirs: string[]
  reportDir: string | null
  outputs: OutputPaths
  format: 'text' | 'json'
  quiet: boolean
  list: boolean
}

/** Parses `l2conf merge` flags; throws HarnessError L2CONF_ERR_USAGE with a one-line reason. */
export function parseMergeArgs(argv: string[]): MergeArgs | 'help' {
  let parsed
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS })
  } catch (error) {
    throw new HarnessError('L2CONF_ERR_USAGE', (error as Error).message)
  }
  const v = parsed.values
  if (v.help === true) return 'help'
  if (v.format !== undefined && v.format !== 'text' && v.format !== 'json')
    throw new HarnessError('L2CONF_ERR_USAGE', `--format is text or json, got '${v.format.slice(0, 40)}'`)
  if (parsed.positionals.length === 0) throw new HarnessError('L2CONF_ERR_USAGE', 'give the directories of the partial reports to merge (one per shard)')
  return {
    dirs: parsed.positionals,
    reportDir: v['report-dir'] ?? null,
    outputs: { junit: v.junit ?? null, json: v.json ?? null, html: v.html ?? null },
    format: (v.format ?? 'text') as MergeArgs['format'],
    quiet: v.quiet === true,
    list: v.list === true,
  }
}

/**
 * What one argument of merge stands for: a run's partial report (a directory holding report.json), or
 * a sharded fleet's directory (its targets' reports by name).
 */
type Input = { kind: 'run'; part: PartialReport } | { kind: 'fleet'; source: string; targets: Map<string, PartialReport> }

function readReport(dir: string): Report {
  const file = join(dir, 'report.json')
  let report: Report
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Report
  } catch (error) {
    throw new HarnessError('L2CONF_ERR_USAGE', `${dir} holds no readable report.json (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  if (report?.schemaVersion !== REPORT_SCHEMA_VERSION || !Array.isArray(report.results)) {
    throw new HarnessError('L2CONF_ERR_USAGE', `${file} is not an l2conf report of schemaVersion ${REPORT_SCHEMA_VERSION}`)
  }
  return report
}

function readInput(path: string): Input[] {
  if (!existsSync(path)) throw new HarnessError('L2CONF_ERR_USAGE', `${path} is not a report directory: it does not exist`)
  // A report.json named as a file is its directory's report.
  if (statSync(path).isFile()) {
    if (basename(path) === 'report.json') return [{ kind: 'run', part: { source: dirname(path), report: readReport(dirname(path)) } }]
    throw new HarnessError(
      'L2CONF_ERR_USAGE',
      `${path} is not a report directory nor a report.json (a shard's part is its report.json; vitest blobs are no longer written or read)`,
    )
  }
  if (!statSync(path).isDirectory()) throw new HarnessError('L2CONF_ERR_USAGE', `${path} is not a report directory`)
  if (existsSync(join(path, 'fleet.json'))) {
    const targets = new Map<string, PartialReport>()
    for (const name of readdirSync(path).sort()) {
      if (existsSync(join(path, name, 'report.json'))) targets.set(name, { source: join(path, name), report: readReport(join(path, name)) })
    }
    return [{ kind: 'fleet', source: path, targets }]
  }
  return [{ kind: 'run', part: { source: path, report: readReport(path) } }]
}

/**
 * `l2conf merge DIR...`: joins the partial reports of a sharded run into one certification (see
 * MERGE_USAGE). Exit codes like `l2conf run`'s.
 */
export async function mergeCommand(argv: string[]): Promise<number> {
  const fail = (message: string): number => {
    console.error(`l2conf merge: ${message}`)
    console.error(`See 'l2conf merge --help'.`)
    return 2
  }
  try {
    const args = parseMergeArgs(argv)
    if (args === 'help') {
      console.log(MERGE_USAGE)
      return 0
    }
    if (args.dirs.some(holdsSweepReport)) return await mergeSweeps(args)
    const inputs = args.dirs.flatMap(readInput)
    const fleets = inputs.filter((input) => input.kind === 'fleet')
    if (fleets.length > 0 && fleets.length < inputs.length)
      return fail('give either run reports (report directories) or fleet directories (with fleet.json), not both')
    if (fleets.length > 0) return await mergeFleets(fleets, args)
    const parts = inputs.flatMap((input) => (input.kind === 'run' ? [input.part] : []))
    const report = mergeReports(parts)
    if (args.list) {
      process.stdout.write(
        parts
          .map(
            ({ source, report: part }) =>
              `${source}\t${part.shard === undefined ? 'unsharded' : `shard ${part.shard.index}/${part.shard.count}`}\t${part.results.length} checks\t${part.verdict ?? ''}`,
          )
          .join('\n') + '\n',
      )
      return 0
    }
    const dir = prepareOutputDir(args)
    const written = await writeReports(report, dir)
    const copied = await copyOutputs(written, args.outputs)
    if (args.reportDir === null) linkLatest(dir)
    if (args.format === 'json') process.stdout.write(jsonSummary(report, { reportDir: dir, written: [written.json, written.junit, written.html, ...copied] }))
    else if (!args.quiet) console.log(mergeText(report, dir))
    return report.exitCode ?? 1
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message)
    throw error
  }
}

function prepareOutputDir(args: MergeArgs): string {
  const dir = resolve(args.reportDir ?? join('reports', `merged-${new Date().toISOString().replace(/[:.]/g, '-')}`))
  prepareReportDir(dir, args.reportDir === null ? 'the report directory' : '--report-dir')
  prepareOutputs(args.outputs)
  return dir
}

function mergeText(report: Report, dir: string): string {
  const merged = report.merged
  const lines = [
    terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir: dir, strict: report.strict === true }),
  ]
  if (merged !== undefined) {
    lines.push(`Merged ${merged.sources.length} reports: ${merged.missing.length} checks missing, ${merged.duplicated.length} duplicated.`)
  }
  return lines.join('\n')
}

/** Sharded fleets: each target's shards merged into `<report-dir>/<name>/`, and one fleet summary of the merged targets. */
async function mergeFleets(inputs: Array<Extract<Input, { kind: 'fleet' }>>, args: MergeArgs): Promise<number> {
  const names = [...new Set(inputs.flatMap((input) => [...input.targets.keys()]))]
  const merged = names.map((name) => ({ name, report: mergeReports(inputs.flatMap((input) => input.targets.get(name) ?? [])) }))
  if (args.list) {
    process.stdout.write(
      names
        .map(
          (name) =>
            `${name}\t${inputs
              .filter((input) => input.targets.has(name))
              .map((input) => input.source)
              .join(', ')}`,
        )
        .join('\n') + '\n',
    )
    return 0
  }
  if (Object.values(args.outputs).some((path) => path !== null))
    throw new HarnessError('L2CONF_ERR_USAGE', "--junit, --json and --html take one run's report; a fleet's are in <report-dir>/<name>/")
  const dir = prepareOutputDir(args)
  for (const { name, report } of merged) await writeReports(report, join(dir, name))
  const fleet: FleetSummary = fleetSummary(
    merged.map(({ name, report }) => ({ name, reportDir: name, report })),
    { startedAt: merged.map(({ report }) => report.startedAt).sort()[0] ?? new Date().toISOString(), tool: toolInfoOf(packageRoot) },
  )
  for (const [path, text] of [
    [join(dir, 'fleet.json'), `${JSON.stringify(fleet, null, 2)}\n`],
    [join(dir, 'fleet.html'), fleetHtml(fleet)],
  ] as const) {
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    await writeFile(temporary, text, 'utf8')
    await rename(temporary, path)
  }
  if (args.reportDir === null) linkLatest(dir)
  if (args.format === 'json') process.stdout.write(`${JSON.stringify({ ...fleet, reportDir: dir }, null, 2)}\n`)
  else if (!args.quiet)
    console.log(
      `Fleet: ${fleet.verdict} (exit ${fleet.exitCode}); ${fleet.targets.map((t) => `${t.name} ${t.verdict}`).join(', ')}; ${join(dir, 'fleet.html')}`,
    )
  return fleet.exitCode
}

/** Whether an argument names a sweep's report (its directory or its report.json). */
function holdsSweepReport(path: string): boolean {
  const file = basename(path) === 'report.json' ? path : join(path, 'report.json')
  try {
    return isSweepReport(JSON.parse(readFileSync(file, 'utf8')))
  } catch {
    return false
  }
}

/** The parts of a sharded sweep joined into one sweep report (report.json, junit.xml, report.html), exit as the sweep's. */
async function mergeSweeps(args: MergeArgs): Promise<number> {
  const parts = args.dirs.map((path) => {
    const file = basename(path) === 'report.json' ? path : join(path, 'report.json')
    let value: unknown
    try {
      value = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new HarnessError('L2CONF_ERR_USAGE', `${path} holds no readable report.json (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
    if (!isSweepReport(value)) throw new HarnessError('L2CONF_ERR_USAGE', `${file} is not a sweep's report: give the parts of one sharded sweep`)
    return value
  })
  const report = mergeSweepReports(parts)
  if (args.list) {
    process.stdout.write(
      parts.map((p, i) => `${args.dirs[i]}\tshard ${p.shard?.index ?? 1}/${p.shard?.count ?? 1}\t${p.covered.blocks} blocks\t${p.verdict}`).join('\n') + '\n',
    )
    return 0
  }
  const dir = prepareOutputDir(args)
  const files = {
    json: args.outputs.json ?? join(dir, 'report.json'),
    junit: args.outputs.junit ?? join(dir, 'junit.xml'),
    html: args.outputs.html ?? join(dir, 'report.html'),
  }
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`)
  await writeFile(files.junit, sweepJunitXml(report))
  await writeFile(files.html, sweepHtml(report))
  if (args.reportDir === null) linkLatest(dir)
  if (args.format === 'json')
    process.stdout.write(
      `${JSON.stringify({ verdict: report.verdict, exitCode: report.exitCode, summary: report.summary, covered: report.covered, reportDir: dir }, null, 2)}\n`,
    )
  else if (!args.quiet)
    console.log(
      `Sweep merged from ${parts.length} parts: ${report.verdict} (exit ${report.exitCode}); ${report.covered.blocks} of ${report.plan.blocks} blocks, ${report.summary.failing} failing${report.interrupted === undefined ? '' : `; ${report.interrupted}`}; ${files.json}`,
    )
  return report.exitCode
}
