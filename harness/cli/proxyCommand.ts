import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { prepareReportDir } from '../report/reportDirectory.js'
import { textRedactor } from '../report/redact.js'
import type { Report } from '../report/result.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { maskUrl } from '../transport/maskUrl.js'
import { parseProxyArgs, PROXY_USAGE, type ProxyConfig } from '../proxy/proxyConfig.js'
import { proxySecrets, writeProxyReport, type ProxyReportSettings } from '../proxy/writeProxyReport.js'
import { JUDGE_BYTES, REPORT_PATH, startProxy, type RunningProxy } from '../proxy/startProxy.js'
import { summaryLine } from '../proxy/summaryLine.js'
import { proxyMetrics } from '../proxy/proxyMetrics.js'
import { serveMetrics, type MetricsServer } from '../watch/metricsServer.js'
import { packageRoot, toolInfo } from './packageInfo.js'

/** Signals that end the proxy (its report written), and the one that writes the report and goes on. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const
const REPORT_SIGNAL = 'SIGUSR2'

/**
 * `l2conf proxy` (ARCHITECTURE.md, the proxy): forwards live traffic to a node byte for byte and
 * judges every exchange; writes the run's reports (with coverage) when it stops (a signal,
 * --duration) and on demand (SIGUSR2, GET /.l2conf/report); prints a summary line per period on
 * stderr. Returns the exit code of its last report: 0 no MUST violation, 1 a violation or nothing
 * certified, 2 bad usage, 3 a port it could not listen on.
 */
export async function proxyCommand(argv: string[]): Promise<number> {
  let config: ProxyConfig | 'help'
  try {
    config = parseProxyArgs(argv)
  } catch (error) {
    if (!isHarnessError(error)) throw error
    console.error(`l2conf proxy: ${error.message}`)
    console.error(`See 'l2conf proxy --help'.`)
    return 2
  }
  if (config === 'help') {
    console.log(PROXY_USAGE)
    return 0
  }
  const startedAt = new Date()
  const reportDir = resolve(config.reportDir ?? join('reports', startedAt.toISOString().replace(/[:.]/g, '-')))
  let specs
  try {
    specs = {
      openrpc: await loadOpenRpc(config.openrpc ?? join(packageRoot, 'openrpc.json')),
      openapi: await loadOpenApi(config.openapi ?? join(packageRoot, 'openapi.yaml')),
    }
    prepareReportDir(reportDir)
  } catch (error) {
    if (!isHarnessError(error)) throw error
    console.error(`l2conf proxy: ${error.message}`)
    return 2
  }
  const redact = textRedactor(proxySecrets({ ...config, secrets: Object.values(config.headers) }), config.redact)
  const say = (line: string): void => void process.stderr.write(`${redact(line)}\n`)

  const settings: ProxyReportSettings = {
    upstream: config.upstream,
    wsUpstream: config.wsUpstream,
    restUpstream: config.restUpstream,
    specs,
    tool: toolInfo(),
    strict: config.strict,
    secrets: Object.values(config.headers),
    redact: config.redact,
    options: { durationS: config.durationS ?? null, judgeBytes: JUDGE_BYTES },
  }
  let proxy: RunningProxy | undefined
  let writing: Promise<unknown> = Promise.resolve()
  /** Writes the three reports of what was seen so far, one write at a time. */
  const writeNow = (reason: string): Promise<Report> => {
    const next = writing.then(() => writeProxyReport(proxy!, settings, reason, reportDir, config.reportDir === undefined))
    writing = next.catch(() => undefined)
    return next
  }

  try {
    const options: Parameters<typeof startProxy>[0] = {
      upstream: config.upstream,
      host: config.host,
      port: config.port,
      specs,
      headers: config.headers,
      forwarding: config.forward,
      onReportRequest: async () => {
        const report = await writeNow(`GET ${REPORT_PATH}`)
        return {
          status: 200,
          body: JSON.stringify({ reportDir, verdict: report.verdict, exitCode: report.exitCode, summary: report.summary, proxy: report.proxy }),
        }
      },
    }
    if (config.wsUpstream !== undefined) options.wsUpstream = config.wsUpstream
    if (config.restUpstream !== undefined) options.restUpstream = config.restUpstream
    if (config.restPort !== undefined) options.restPort = config.restPort
    proxy = await startProxy(options)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      console.error(`l2conf proxy: cannot listen on ${config.host}:${config.port}${config.restPort === undefined ? '' : ` or ${config.restPort}`} (${code})`)
      return 3
    }
    throw error
  }
  const running = proxy
  console.log(redact(`l2conf proxy ready rpc=${running.rpc} ws=${running.ws ?? '-'} rest=${running.rest ?? '-'} upstream=${maskUrl(config.upstream)}`))
  say(
    running.forwarding.level === 'tcp'
      ? 'l2conf proxy: JSON-RPC over HTTP relayed at the TCP level (each connection to the upstream unchanged, a tap frames a copy for the judges)'
      : `l2conf proxy: JSON-RPC over HTTP forwarded one request at a time: ${running.forwarding.why}`,
  )

  const metrics = config.metricsPort === undefined ? null : await serveProxyMetrics(running, config.host, config.metricsPort)
  if (metrics === 'unavailable') return 3
  if (metrics !== null) say(`l2conf proxy: /metrics and /healthz on ${metrics.url}`)
  const printSummary = (): void => say(summaryLine(new Date(), running.tally.takePeriod(), running.tally.exchanges, running.tally.violations))
  const summaries = setInterval(printSummary, config.summaryEveryS * 1000)
  const onReportSignal = (): void => {
    writeNow(REPORT_SIGNAL)
      .then((report) => say(`l2conf proxy: ${REPORT_SIGNAL}: report written to ${reportDir} (verdict ${report.verdict})`))
      .catch((error: unknown) => say(`l2conf proxy: ${REPORT_SIGNAL}: the report could not be written: ${(error as Error).message}`))
  }
  process.on(REPORT_SIGNAL, onReportSignal)
  let deadline: NodeJS.Timeout | undefined
  const reason = await new Promise<string>((done) => {
    for (const signal of STOP_SIGNALS) process.once(signal, () => done(signal))
    if (config.durationS !== undefined) deadline = setTimeout(() => done(`--duration ${config.durationS}`), config.durationS * 1000)
  })
  clearTimeout(deadline)
  clearInterval(summaries)
  process.off(REPORT_SIGNAL, onReportSignal)
  say(`l2conf proxy: ${reason}: stopping`)
  await running.stop()
  if (metrics !== null) await metrics.close()
  // The judging of the last exchanges runs a turn after their answer went out.
  await new Promise((next) => setImmediate(next))
  await new Promise((next) => setImmediate(next))
  printSummary()
  let report: Report
  try {
    report = await writeNow(reason)
  } catch (error) {
    console.error(`l2conf proxy: the report could not be written to ${reportDir}: ${(error as Error).message}`)
    return 1
  }
  console.log(redact(terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir, strict: config.strict })))
  return report.exitCode ?? 1
}

/** Serves the proxy's metrics (--metrics-port); 'unavailable' (said) when the port cannot be listened on. */
async function serveProxyMetrics(running: RunningProxy, host: string, port: number): Promise<MetricsServer | 'unavailable'> {
  try {
    return await serveMetrics(proxyMetrics(running.tally), host, port, () => ({
      ok: true,
      exchanges: running.tally.exchanges,
      violations: running.tally.violations,
    }))
  } catch (error) {
    console.error(`l2conf proxy: cannot serve /metrics on ${host}:${port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    await running.stop()
    return 'unavailable'
  }
}
