import { randomBytes } from 'node:crypto'
import { rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { fleetHtml } from '../report/fleetHtml.js'
import { fleetSummary, type FleetSummary } from '../report/fleetSummary.js'
import { linkLatest, prepareReportDir } from '../report/reportDirectory.js'
import type { Report } from '../report/result.js'
import { writeReports } from '../report/writeReports.js'
import { executeRun } from '../run/executeRun.js'
import { loadFleetTargets, type FleetTarget } from '../run/fleetTargets.js'
import { formatList, listRows } from '../run/listRows.js'
import { prepareRun, type PreparedRun } from '../run/prepareRun.js'
import type { RunConfig } from '../run/runConfig.js'
import { toolInfoOf } from '../run/toolInfo.js'
import { packageRoot } from './packageInfo.js'

/** Where a fleet's reports go without --report-dir: a timestamped directory beside `reports/latest`. */
function fleetDir(now: Date): string {
  return join('reports', `fleet-${now.toISOString().replace(/[:.]/g, '-')}`)
}

/**
 * `l2conf run --targets FILE`: certifies each target of a fleet file in turn, with the same flags and
 * seed, into `<report-dir>/<name>/` (each target's own report.json, junit.xml, report.html), then writes
 * the fleet summary beside them: fleet.json and fleet.html, a matrix of targets x requirements. Every
 * target is prepared (specs, selection, addresses) before anything is sent to any of them. Exit 1 when a
 * target failed, else 3 when one could not be reached, else 0; 2 for bad usage.
 */
export async function fleetCommand(config: RunConfig): Promise<number> {
  const fail = (message: string): number => {
    console.error(`l2conf run: ${message}`)
    console.error(`See 'l2conf run --help'.`)
    return 2
  }
  const given = (['junit', 'json', 'html'] as const).filter((form) => config.outputs[form] !== null)
  if (given.length > 0)
    return fail(
      `--${given[0]} takes one run's report; with --targets each target's reports are in <report-dir>/<name>/ and the fleet's in fleet.json and fleet.html`,
    )

  let targets: FleetTarget[]
  const prepared: Array<{ target: FleetTarget; run: PreparedRun }> = []
  try {
    targets = loadFleetTargets(config.targets!)
    for (const target of targets) {
      const targetConfig: RunConfig = { ...structuredClone(config), rpc: target.rpc, ws: target.ws, rest: target.rest, targets: null }
      prepared.push({ target, run: await prepareRun(targetConfig, packageRoot, { needCatalogue: config.list && prepared.length === 0 }) })
      if (config.list) break
    }
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message)
    throw error
  }
  if (config.list) {
    process.stdout.on('error', () => undefined)
    process.stdout.write(formatList(listRows(prepared[0]?.run.catalogue ?? [], config), config.format))
    return 0
  }

  const startedAt = new Date()
  const dir = resolve(config.reportDir ?? fleetDir(startedAt))
  try {
    prepareReportDir(dir, config.reportDir === null ? 'the report directory' : '--report-dir')
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message)
    throw error
  }

  const done: Array<{ name: string; reportDir: string; report: Report }> = []
  for (const { target, run } of prepared) {
    const say = (line: string): void => void console.error(run.redact(line))
    if (!config.quiet) say(`l2conf: fleet target ${done.length + 1} of ${prepared.length}: ${target.name}`)
    const outcome = await executeRun(run, packageRoot, {
      say,
      inform: (line) => (config.quiet ? undefined : say(line)),
      progress: config.quiet
        ? null
        : { tty: process.stderr.isTTY === true && process.env.CI === undefined, write: (text) => process.stderr.write(run.redact(text)) },
      handleSignals: true,
    })
    await writeReports(outcome.report, join(dir, target.name))
    done.push({ name: target.name, reportDir: target.name, report: outcome.report })
    if (!config.quiet)
      say(`l2conf: ${target.name}: ${outcome.report.verdict} (exit ${outcome.exitCode})${outcome.unreachable === null ? '' : `: ${outcome.unreachable}`}`)
    // Ctrl-C ends the fleet, not only the target it reached: the summary covers the targets certified so far.
    if (outcome.report.interrupted?.startsWith('interrupted by') === true) break
  }

  const fleet = fleetSummary(done, { startedAt: startedAt.toISOString(), tool: toolInfoOf(packageRoot) })
  if (done.length < prepared.length) {
    fleet.verdict = 'fail'
    fleet.exitCode = 1
  }
  await writeAtomically(join(dir, 'fleet.json'), `${JSON.stringify(fleet, null, 2)}\n`)
  await writeAtomically(join(dir, 'fleet.html'), fleetHtml(fleet))
  const latestProblem = config.reportDir === null ? linkLatest(dir) : null
  if (latestProblem !== null) console.error(`l2conf: could not point reports/latest at this run: ${latestProblem}`)
  if (config.format === 'json') process.stdout.write(`${JSON.stringify({ ...fleet, reportDir: dir }, null, 2)}\n`)
  else if (!config.quiet) console.log(fleetText(fleet, dir))
  return fleet.exitCode
}

/** The fleet's end on a terminal: a line per target, the requirements each failed, and where the summary is. */
function fleetText(fleet: FleetSummary, dir: string): string {
  const lines = fleet.targets.map((target) => {
    const failing = fleet.requirements.filter((id) => ['failed', 'not-run'].includes(fleet.matrix[target.name]?.[id] ?? 'none'))
    return `${target.name.padEnd(20)} ${String(target.verdict).padEnd(17)} exit ${target.exitCode}  ${target.summary.passed} passed, ${target.summary.failed} failed${failing.length === 0 ? '' : `  (${failing.join(', ')})`}`
  })
  return [
    ...lines,
    `Fleet: ${fleet.verdict} (exit ${fleet.exitCode}); ${join(dir, 'fleet.html')}, fleet.json, and each target's reports in ${dir}/<name>/`,
  ].join('\n')
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temporary, text, 'utf8')
  await rename(temporary, path)
}
