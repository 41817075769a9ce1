import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { parseSweepArgs, SWEEP_USAGE, type SweepConfig } from '../sweep/parseSweepArgs.js'
import { progressLine } from '../sweep/progressLine.js'
import { runSweep } from '../sweep/runSweep.js'
import { sweepHtml } from '../sweep/sweepHtml.js'
import { entryName, sweepJunitXml } from '../sweep/sweepJunitXml.js'
import type { SweepReport } from '../sweep/sweepReport.js'
import { toolInfo } from './packageInfo.js'

/** How often the progress line is written when stderr is not a terminal (a CI log): a line every so often, not a flood. */
const LOG_PROGRESS_EVERY_MS = 10_000
const TTY_PROGRESS_EVERY_MS = 500

function fail(message: string, code: 2 | 3): number {
  console.error(`l2conf sweep: ${message}`)
  if (code === 2) console.error(`See 'l2conf sweep --help'.`)
  return code
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, text)
}

function summaryLines(report: SweepReport, files: string[]): string {
  const c = report.covered
  const two = report.targets.length === 2
  const head =
    report.verdict === 'pass'
      ? two
        ? 'The nodes agree and every block verifies'
        : 'Every block verifies'
      : report.verdict === 'interrupted'
        ? 'The sweep was cut short'
        : two && report.summary.differing > 0
          ? 'The nodes differ'
          : 'Blocks failed'
  const lines = [
    `${head}: ${c.blocks} blocks, ${c.transactions} transactions, ${c.receipts} receipts, ${c.logs} logs${c.stateReads > 0 ? `, ${c.stateReads} state reads` : ''} in ${(report.durationMs / 1000).toFixed(1)} s; ${report.summary.failing} failing.`,
  ]
  for (const entry of report.checks) {
    const first = entry.first[0]
    lines.push(`  ${entryName(entry)}: ${entry.failing} failing${first === undefined ? '' : `; first at block ${first.block}: ${first.message}`}`)
    if (first !== undefined) for (const line of first.reproduce) lines.push(`    ${line}`)
  }
  for (const warning of report.warnings) lines.push(`Warning: ${warning}`)
  for (const u of report.unjudged) lines.push(`Not judged (${u.count}): ${u.reason}`)
  if (report.interrupted !== undefined) lines.push(`Interrupted: ${report.interrupted}`)
  lines.push(`Reports: ${files.join(', ')}`)
  return lines.join('\n')
}

/**
 * `l2conf sweep`: verifies a window of history on one node, or two nodes against each other. Exit 0
 * every block verifies; 1 a block failed, the nodes differ or the sweep was cut short; 2 bad usage;
 * 3 a node cannot be reached.
 */
export async function sweepCommand(argv: string[]): Promise<number> {
  let config: SweepConfig
  try {
    const parsed = parseSweepArgs(argv)
    if (parsed === 'help') {
      console.log(SWEEP_USAGE)
      return 0
    }
    config = parsed
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }
  try {
    await mkdir(config.reportDir, { recursive: true })
    await mkdir(dirname(config.checkpoint), { recursive: true })
  } catch (error) {
    return fail(`the report directory cannot be made: ${(error as Error).message}`, 2)
  }
  const stop = new AbortController()
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stop.signal.aborted) process.exit(130)
    console.error(`\nl2conf sweep: ${signal}: finishing the windows in flight, writing the checkpoint (again to stop at once)`)
    stop.abort(signal)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const tty = process.stderr.isTTY === true
  let lastProgress = 0
  const onProgress = config.quiet
    ? undefined
    : (p: Parameters<typeof progressLine>[0]): void => {
        const now = Date.now()
        if (now - lastProgress < (tty ? TTY_PROGRESS_EVERY_MS : LOG_PROGRESS_EVERY_MS) && p.done < p.total) return
        lastProgress = now
        process.stderr.write(tty ? `\r${progressLine(p)}\u001b[K` : `${progressLine(p)}\n`)
      }
  if (!config.quiet) console.error(`l2conf: sweeping ${config.targets.map((t, i) => `${i === 0 ? 'A' : 'B'} ${t}`).join(' and ')}`)
  let report: SweepReport
  try {
    report = await runSweep({ ...config, tool: toolInfo(), signal: stop.signal, ...(onProgress === undefined ? {} : { onProgress }) })
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')) return fail(error.message, 3)
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    if (tty && !config.quiet) process.stderr.write('\n')
  }
  const files = {
    json: resolve(config.json ?? join(config.reportDir, 'report.json')),
    junit: resolve(config.junit ?? join(config.reportDir, 'junit.xml')),
    html: resolve(config.html ?? join(config.reportDir, 'report.html')),
  }
  try {
    await write(files.json, `${JSON.stringify(report, null, 2)}\n`)
    await write(files.junit, sweepJunitXml(report))
    await write(files.html, sweepHtml(report))
  } catch (error) {
    return fail(`the reports cannot be written: ${(error as Error).message}`, 2)
  }
  console.log(summaryLines(report, Object.values(files)))
  return report.exitCode
}
