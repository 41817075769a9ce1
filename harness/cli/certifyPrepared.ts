import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { jsonSummary } from '../report/jsonSummary.js'
import { linkLatest, prepareReportDir } from '../report/reportDirectory.js'
import { copyOutputs, prepareOutputs } from '../report/reportOutputs.js'
import type { Report } from '../report/result.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { writeReports } from '../report/writeReports.js'
import type { ReferenceHandle } from '../reference/startReference.js'
import { prepareRecordDir } from '../transcript/recordRun.js'
import { executeRun, type RunIo } from '../run/executeRun.js'
import { formatList, listRows } from '../run/listRows.js'
import { prepareRun } from '../run/prepareRun.js'
import type { RunConfig } from '../run/runConfig.js'
import { packageRoot } from './packageInfo.js'

/** Where reports go without --report-dir: a timestamped directory beside `reports/latest`. */
export function timestampDir(now: Date): string {
  return join('reports', now.toISOString().replace(/[:.]/g, '-'))
}

/**
 * The rest of `l2conf run` once its flags are parsed: prepare, run, write and print the reports. A
 * module of its own, loaded once the bundled reference is starting: what it imports (the requirements and
 * their judges, the transports, the report writers) takes a while to load, which the reference's
 * start then overlaps.
 */
export async function certifyPrepared(
  config: RunConfig,
  say: (line: string) => void,
  fail: (message: string, code: 2 | 3) => number,
  reference: Promise<ReferenceHandle> | undefined,
): Promise<number> {
  let prepared
  try {
    // A shard lists its slice up front: the eth_sendTransaction notice is then given only by the shard that calls it.
    prepared = await prepareRun(config, packageRoot, { needCatalogue: config.list || config.shard !== null })
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
  const redact = prepared.redact
  const inform = (line: string): void => {
    if (!config.quiet) say(line)
  }
  for (const notice of prepared.notices) inform(`l2conf: ${notice}`)

  if (config.list) {
    // One write, and a reader that stops early (| head) is no error.
    process.stdout.on('error', () => undefined)
    process.stdout.write(formatList(listRows(prepared.catalogue, config), config.format))
    return 0
  }

  const reportDir = resolve(config.reportDir ?? timestampDir(new Date()))
  try {
    prepareReportDir(reportDir, config.reportDir === null ? 'the report directory' : '--report-dir')
    prepareOutputs(config.outputs)
    if (config.record != null) {
      config.record = resolve(config.record)
      prepareRecordDir(config.record)
    }
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }

  const io: RunIo = {
    say,
    inform,
    progress: config.quiet
      ? null
      : { tty: process.stderr.isTTY === true && process.env.CI === undefined, write: (text: string) => process.stderr.write(redact(text)) },
    handleSignals: true,
  }
  try {
    const outcome = await executeRun(prepared, packageRoot, io, reference)
    const written = await writeReports(outcome.report, reportDir)
    const copied = await copyOutputs(written, config.outputs)
    const latestProblem = config.reportDir === null ? linkLatest(reportDir) : null
    printSummary(outcome.report, config, { reportDir, written: [written.json, written.junit, written.html, ...copied] }, redact)
    for (const line of outcome.declarationErrors) say(`l2conf: a requirement failed to declare its checks: ${line}`)
    if (latestProblem !== null) say(`l2conf: could not point reports/${'latest'} at this run: ${latestProblem}`)
    if (outcome.unreachable !== null) say(`l2conf run: ${outcome.unreachable}`)
    return outcome.exitCode
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')) return fail(error.message, 3)
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
}

/** The end of a run on stdout: the terminal summary (not under --quiet), or one JSON document (--format json). */
function printSummary(report: Report, config: RunConfig, files: { reportDir: string; written: string[] }, redact: (text: string) => string): void {
  if (config.format === 'json') {
    process.stdout.write(redact(jsonSummary(report, files)))
    return
  }
  if (config.quiet) return
  const lines = [
    terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir: files.reportDir, strict: config.strict }),
  ]
  if (report.stopped !== undefined) lines.push(`Stopped early: ${report.stopped}; the checks not reached are not-run.`)
  if (report.shard !== undefined)
    lines.push(`Shard ${report.shard.index} of ${report.shard.count}: a partial report; join the shards with 'l2conf merge DIR...'.`)
  console.log(redact(lines.join('\n')))
}
