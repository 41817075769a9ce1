import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { textRedactor } from '../report/redact.js'
import { prepareReportDir } from '../report/reportDirectory.js'
import { urlSecrets } from '../transport/maskUrl.js'
import { parseWatchArgs, WATCH_USAGE, type WatchConfig } from '../watch/watchConfig.js'
import { startWatch, type RunningWatch } from '../watch/startWatch.js'
import { toolInfo } from './packageInfo.js'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

/**
 * `l2conf watch` (ARCHITECTURE.md, the watch; docs/watch.md): runs until SIGINT/SIGTERM or
 * --duration, then writes the final report. Returns 0 when no MUST violation was seen, 1 when one
 * was, 2 for bad usage (or a metrics port it cannot listen on), 3 when no target was ever reached.
 */
export async function watchCommand(argv: string[]): Promise<number> {
  let config: WatchConfig | 'help'
  try {
    config = parseWatchArgs(argv)
  } catch (error) {
    if (!isHarnessError(error)) throw error
    console.error(`l2conf watch: ${error.message}`)
    console.error(`See 'l2conf watch --help'.`)
    return 2
  }
  if (config === 'help') {
    console.log(WATCH_USAGE)
    return 0
  }
  const startedAt = new Date()
  const reportDir = resolve(config.reportDir ?? join('reports', `watch-${startedAt.toISOString().replace(/[:.]/g, '-')}`))
  const redact = textRedactor(
    [...Object.values(config.headers), ...config.targets.flatMap((t) => [...urlSecrets(t.rpc), ...(t.ws === null ? [] : urlSecrets(t.ws))])],
    config.redact,
  )
  const say = (line: string): void => void process.stderr.write(`${redact(line)}\n`)
  let watch: RunningWatch
  try {
    prepareReportDir(reportDir)
    watch = await startWatch({
      ...config,
      reportDir,
      eventsFile: resolve(config.eventsFile ?? join(reportDir, 'events.jsonl')),
      redact,
      tool: toolInfo(),
      say,
    })
  } catch (error) {
    if (isHarnessError(error)) {
      console.error(`l2conf watch: ${redact(error.message)}`)
      return 2
    }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      console.error(`l2conf watch: cannot serve /metrics on ${config.metrics?.host}:${config.metrics?.port} (${code})`)
      return 2
    }
    throw error
  }
  console.log(
    redact(
      `l2conf watch ready targets=${config.targets.map((t) => t.name).join(',')} metrics=${watch.metricsUrl ?? '-'} report=${reportDir} interval=${config.intervalS}s`,
    ),
  )
  let stopping = false
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined
  const reason = await new Promise<string>((resolveReason) => {
    // A second signal while the final report is written is said, not obeyed: the report comes first.
    onSignal = (signal) => (stopping ? say(`l2conf watch: ${signal}: already stopping, the final report is being written`) : resolveReason(signal))
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal)
    if (config.durationS !== null) setTimeout(() => resolveReason(`--duration ${config.durationS}`), config.durationS * 1000).unref()
  })
  stopping = true
  say(`l2conf watch: stopping (${reason}), writing the final report...`)
  const summary = await watch.stop(reason)
  for (const signal of STOP_SIGNALS) process.off(signal, onSignal)
  const broken = Object.entries(summary.requirements).map(([id, row]) => `${id} (${row.level}) ${row.violations}x`)
  say(
    `l2conf watch: ${summary.verdict}: ${summary.cycles.count} cycles, ${summary.downtimes.length} downtimes, requirements broken: ${broken.length === 0 ? 'none' : broken.join(', ')}; report in ${reportDir}`,
  )
  return summary.exitCode
}
