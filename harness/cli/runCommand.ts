import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { applyExpectations, loadExpectations, type Expectation } from '../report/expectations.js'
import { exitCodeFor } from '../report/exitCode.js'
import { redactReport } from '../report/redact.js'
import type { CheckResult, Report } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { writeReports } from '../report/writeReports.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { REFERENCE_DEV_KEY } from '../run/configChannel.js'
import { probeReachability } from '../run/probeReachability.js'
import { parseRunArgs, RUN_USAGE, type RunConfig } from '../run/runConfig.js'
import { runSuites } from '../run/runSuites.js'
import { orderResults } from '../run/orderResults.js'
import { resolveServers, type SpecServers } from '../servers/resolveServers.js'
import { targetFromServers } from '../servers/targetFromServers.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { INSECURE_NOTICE } from '../tls/insecureNotice.js'
import { readCaFile } from '../tls/readCaFile.js'
import { packageRoot, toolInfo } from './main.js'

function timestampDir(now: Date): string {
  return join('reports', now.toISOString().replace(/[:.]/g, '-'))
}

function fail(message: string, code: 2 | 3): number {
  console.error(`l2conf run: ${message}`)
  if (code === 2) console.error(`See 'l2conf run --help'.`)
  return code
}

/**
 * `l2conf run`: certifies a target (DESIGN.md, the CLI contract). Exit 0 every MUST passed;
 * 1 a check failed (or the run was cut short); 2 bad usage or config; 3 the target unreachable.
 */
export async function runCommand(argv: string[]): Promise<number> {
  let config: RunConfig
  let expectations: Expectation[] = []
  try {
    const parsed = parseRunArgs(argv, { openrpc: join(packageRoot, 'openrpc.json'), openapi: join(packageRoot, 'openapi.yaml') })
    if (parsed === 'help') {
      console.log(RUN_USAGE)
      return 0
    }
    config = parsed
    config.openrpc = resolve(config.openrpc)
    config.openapi = resolve(config.openapi)
    if (config.tls.ca !== null) {
      // Read now, so a wrong path is a usage error (exit 2), not a TLS failure later; absolute for the suite's workers.
      config.tls.ca = resolve(config.tls.ca)
      readCaFile(config.tls.ca)
    }
    if (config.expectFailures !== null) expectations = loadExpectations(config.expectFailures)
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }

  let specs: Report['specs']
  let servers: SpecServers
  try {
    const [openrpc, openapi] = await Promise.all([loadOpenRpc(config.openrpc), loadOpenApi(config.openapi)])
    specs = {
      openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
      openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
    }
    servers = { openrpc: openrpc.servers, openapi: openapi.servers }
  } catch (error) {
    if (isHarnessError(error)) return fail(`${error.message} (try 'l2conf lint')`, 2)
    throw error
  }

  // --server NAME / --var name=value: addresses from the specs' servers (a --var nothing takes is refused, --reference runs too).
  try {
    const resolved = resolveServers(config.servers, config.serverVariables, servers)
    if (!config.reference) Object.assign(config, targetFromServers({ rpc: config.rpc, ws: config.ws, rest: config.rest }, resolved, servers))
    for (const address of resolved.addresses) console.error(`l2conf: --server ${address.server} (${address.spec}) gives ${address.flag} ${address.url}`)
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }

  const startedAt = new Date()
  const reportDir = resolve(config.reportDir ?? timestampDir(startedAt))
  const secrets = [...Object.values(config.headers), ...(config.privateKey === null ? [] : [config.privateKey])]
  let reference: ReferenceHandle | undefined
  try {
    if (config.reference) {
      console.error('l2conf: starting the bundled reference node and REST service...')
      reference = await startReference()
      config.rpc = reference.rpc
      config.ws = reference.ws
      config.rest = reference.rest
      config.privateKey ??= REFERENCE_DEV_KEY
    }
    console.error(`l2conf: certifying ${config.rpc}${config.ws === null ? '' : ` + ${config.ws}`}${config.rest === null ? '' : ` + ${config.rest}`} (profile ${config.profile}, seed ${config.seed})`)

    const reach = await probeReachability(config)
    if (reach.reachable && reach.notJsonRpc !== undefined) console.error(`l2conf: ${reach.notJsonRpc}`)
    let results: CheckResult[] = []
    let interrupted: string | null = null
    let suiteErrors: string[] = []
    let nothingRan = false
    if (reach.reachable) {
      const progress = { tty: process.stderr.isTTY === true && process.env.CI === undefined, write: (text: string) => process.stderr.write(text) }
      const outcome = await runSuites(config, packageRoot, progress)
      results = outcome.results
      interrupted = outcome.interrupted
      suiteErrors = outcome.errors
      nothingRan = results.length === 0 && interrupted === null && suiteErrors.length === 0
    } else {
      interrupted = `the target could not be reached${reach.tls === undefined ? '' : ' over TLS'}: ${reach.reason}`
    }
    const applied = applyExpectations(orderResults(results), expectations)
    let report: Report = {
      tool: toolInfo(),
      target: { rpc: config.rpc, ws: config.ws, rest: config.rest },
      profile: config.profile,
      seed: config.seed,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      specs,
      summary: summarize(applied.results),
      results: applied.results,
    }
    if (interrupted !== null) report.interrupted = interrupted
    if (config.strict) report.strict = true
    const limits = Object.assign({}, ...report.results.map((r) => r.measured ?? {})) as NonNullable<Report['limits']>
    if (Object.keys(limits).length > 0) report.limits = limits
    if (config.expectFailures !== null) {
      report.expectations = { file: config.expectFailures, unexpectedPasses: applied.unexpectedPasses, unmatched: applied.unmatched, expired: applied.expired }
    }
    const problems = [...suiteErrors.map((line) => `a suite failed to load: ${line}`), ...(nothingRan ? ['no check ran (see --only / --skip)'] : [])]
    const notices = [...(config.tls.insecure ? [INSECURE_NOTICE] : []), ...problems]
    if (notices.length > 0) report.warnings = notices
    report = redactReport(report, secrets)
    await writeReports(report, reportDir)
    console.log(terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir, strict: config.strict }))
    for (const line of problems) console.error(`l2conf: ${line}`)
    if (!reach.reachable) {
      console.error(`l2conf run: ${interrupted}`)
      return 3
    }
    if (interrupted !== null || problems.length > 0) return 1
    return exitCodeFor(report, { strict: config.strict })
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')) return fail(error.message, 3)
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  } finally {
    await reference?.stop()
  }
}
