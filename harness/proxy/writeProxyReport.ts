import { linkLatest } from '../report/reportDirectory.js'
import { redactReport } from '../report/redact.js'
import type { Report } from '../report/result.js'
import { writeReports } from '../report/writeReports.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { maskUrl, urlSecrets } from '../transport/maskUrl.js'
import { proxyReport } from './proxyReport.js'
import { JUDGE_BYTES, type RunningProxy } from './startProxy.js'

/** Where a proxy stands and what it writes its reports with. */
export interface ProxyReportSettings {
  upstream: string
  wsUpstream?: string | undefined
  restUpstream?: string | undefined
  specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
  tool: { name: string; version: string }
  strict: boolean
  /** --header values: masked wherever they would appear. */
  secrets: readonly string[]
  /** --redact patterns. */
  redact: readonly string[]
  /** The proxy's own settings for report.json's options. */
  options: Record<string, unknown>
}

/** Every secret of the settings: --header values and the secret parts of the upstream addresses. */
export function proxySecrets(settings: Pick<ProxyReportSettings, 'upstream' | 'wsUpstream' | 'restUpstream' | 'secrets'>): string[] {
  const urls = [settings.upstream, settings.wsUpstream, settings.restUpstream].flatMap((url) => (url === undefined ? [] : urlSecrets(url)))
  return [...settings.secrets, ...urls]
}

/** The proxy's report of what it saw so far, redacted (--header values, secrets of addresses, --redact). */
export function currentProxyReport(proxy: RunningProxy, settings: ProxyReportSettings, reason: string): Report {
  const { openrpc, openapi } = settings.specs
  return redactReport(
    proxyReport(proxy.tally, {
      target: {
        rpc: maskUrl(settings.upstream),
        ws: settings.wsUpstream === undefined ? null : maskUrl(settings.wsUpstream),
        rest: settings.restUpstream === undefined ? null : maskUrl(settings.restUpstream),
      },
      specs: {
        openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
        openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
      },
      tool: settings.tool,
      strict: settings.strict,
      options: { ...settings.options, proxy: { rpc: proxy.rpc, ws: proxy.ws, rest: proxy.rest } },
      judgeBytes: JUDGE_BYTES,
      reason,
      coverage: proxy.coverage.result(),
    }),
    proxySecrets(settings),
    settings.redact,
  )
}

/**
 * Writes the proxy's three reports (report.json, junit.xml, report.html: the run's writers) into
 * `dir`, and points `reports/latest` at it when `linkLatestDir`. Returns the report written.
 */
export async function writeProxyReport(
  proxy: RunningProxy,
  settings: ProxyReportSettings,
  reason: string,
  dir: string,
  linkLatestDir: boolean,
): Promise<Report> {
  const report = currentProxyReport(proxy, settings, reason)
  await writeReports(report, dir)
  if (linkLatestDir) linkLatest(dir)
  return report
}
