import { join, resolve } from 'node:path'
import { isHarnessError } from '../errors/harnessError.js'
import { boundReportEvidence } from '../report/boundEvidence.js'
import { applyExpectations, loadExpectations, type Expectation } from '../report/expectations.js'
import { verdictOf } from '../report/exitCode.js'
import { isInconclusive } from '../report/isInconclusive.js'
import { redactReport, textRedactor } from '../report/redact.js'
import { linkLatest, prepareReportDir } from '../report/reportDirectory.js'
import { REPORT_SCHEMA_VERSION, type CheckResult, type Report } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { writeReports } from '../report/writeReports.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { CheckSpec } from '../run/certify.js'
import { completeResults } from '../run/completeResults.js'
import { listChecks } from '../run/listChecks.js'
import { orderResults, REQUIREMENT_ORDER } from '../run/orderResults.js'
import { probeReachability } from '../run/probeReachability.js'
import { REFERENCE_DEV_KEY, parseRunArgs, RUN_USAGE, type RunConfig } from '../run/runConfig.js'
import { runOptions } from '../run/runOptions.js'
import { runSuites } from '../run/runSuites.js'
import { deselectionReason, unmatchedGlobs } from '../run/selection.js'
import { resolveServers, type SpecServers } from '../servers/resolveServers.js'
import { targetFromServers } from '../servers/targetFromServers.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { INSECURE_NOTICE } from '../tls/insecureNotice.js'
import { readCaFile } from '../tls/readCaFile.js'
import { maskUrl, urlSecrets } from '../transport/maskUrl.js'
import { packageRoot, toolInfo } from './main.js'

/** Where reports go without --report-dir: a timestamped directory beside `reports/latest`. */
function timestampDir(now: Date): string {
  return join('reports', now.toISOString().replace(/[:.]/g, '-'))
}

/** The one stderr line before a run that calls eth_sendTransaction (BLOCKED-SENDTX). */
export const SENDTX_NOTICE = 'l2conf: this run calls eth_sendTransaction (BLOCKED-SENDTX) to prove the node refuses it; against a node that does not block it, the call could move funds. Leave it out with --skip BLOCKED-SENDTX.'

/**
 * `l2conf run`: certifies a target (ARCHITECTURE.md, the CLI contract). Exit 0 every MUST passed; 1 a check
 * failed, the run was cut short, or nothing was certified; 2 bad usage or config (found before anything
 * is sent); 3 the target unreachable. Every line printed and every report is redacted: header values,
 * the private key, URL passwords and API keys, and each --redact pattern.
 */
export async function runCommand(argv: string[]): Promise<number> {
  // Before the config is known, only URL passwords can be masked (a flag's error may echo the address).
  let redact = textRedactor(argv.flatMap(urlSecrets))
  const say = (line: string): void => void console.error(redact(line))
  const fail = (message: string, code: 2 | 3): number => {
    say(`l2conf run: ${message}`)
    if (code === 2) console.error(`See 'l2conf run --help'.`)
    return code
  }

  let config: RunConfig
  let expectations: Expectation[] = []
  try {
    const parsed = parseRunArgs(argv, { openrpc: join(packageRoot, 'openrpc.json'), openapi: join(packageRoot, 'openapi.yaml'), implicitTarget: 'refuse' })
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
  const secrets = (): string[] => [
    ...Object.values(config.headers),
    // The reference's development key is public; any other key is a secret.
    ...(config.privateKey === null || config.privateKey === REFERENCE_DEV_KEY ? [] : [config.privateKey]),
    ...[config.rpc, config.ws, config.rest].flatMap((url) => (url === null ? [] : urlSecrets(url))),
  ]
  redact = textRedactor(secrets(), config.redact)

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
    redact = textRedactor(secrets(), config.redact)
    for (const address of resolved.addresses) say(`l2conf: --server ${address.server} (${address.spec}) gives ${address.flag} ${maskUrl(address.url)}`)
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }

  // The checks the suites declare, known without sending anything: needed to vet --only / --skip and to list them.
  // Globs that name requirement ids are valid as they are; only a run with another glob (or --list) needs the list (~3 s).
  let catalogue: CheckSpec[] | null = null
  if (config.list || unmatchedGlobs(config, [], REQUIREMENT_ORDER).length > 0) {
    const listed = await listChecks(config, packageRoot)
    if (listed.errors.length > 0) return fail(`a suite failed to load: ${listed.errors.join('; ')}`, 2)
    catalogue = listed.checks
    const unmatched = unmatchedGlobs(config, catalogue, REQUIREMENT_ORDER)
    if (unmatched.length > 0) {
      return fail([
        ...unmatched.map(({ flag, glob }, index) => `${index === 0 ? '' : '  '}${flag} '${glob}' matches no check id and no requirement id`),
        `  requirement ids: ${REQUIREMENT_ORDER.join(', ')}`,
        `  check ids: see 'l2conf run --list' (it sends nothing)`,
      ].join('\n'), 2)
    }
    if (config.list) {
      const lines = orderResults(catalogue.map((c) => ({ ...c, status: 'skipped' as const, message: '', durationMs: 0 }))).map((spec) => {
        const reason = deselectionReason(config, spec)
        return `${spec.id}\t${spec.requirement}\t${spec.level}\t${reason === null ? 'selected' : reason}\t${spec.title}`
      })
      // One write, and a reader that stops early (| head) is no error.
      process.stdout.on('error', () => undefined)
      process.stdout.write(`${lines.join('\n')}\n`)
      return 0
    }
  }

  const startedAt = new Date()
  const reportDir = resolve(config.reportDir ?? timestampDir(startedAt))
  try {
    prepareReportDir(reportDir, config.reportDir === null ? 'the report directory' : '--report-dir')
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  }

  const callsSendTx = catalogue === null
    ? deselectionReason(config, { id: 'blocked.eth_sendTransaction', requirement: 'BLOCKED-SENDTX' }) === null
    : catalogue.some((spec) => spec.requirement === 'BLOCKED-SENDTX' && deselectionReason(config, spec) === null)
  if (callsSendTx) say(SENDTX_NOTICE)

  let reference: ReferenceHandle | undefined
  try {
    if (config.reference) {
      say('l2conf: starting the bundled reference node and REST service...')
      reference = await startReference(config.blockTime === null ? {} : { args: ['--block-time', String(config.blockTime)] })
      config.rpc = reference.rpc
      config.ws = reference.ws
      config.rest = reference.rest
    }
    say(`l2conf: certifying ${maskUrl(config.rpc ?? '')}${config.ws === null ? '' : ` + ${maskUrl(config.ws)}`}${config.rest === null ? '' : ` + ${maskUrl(config.rest)}`} (profile ${config.profile}, seed ${config.seed})`)

    const reach = await probeReachability(config)
    if (reach.reachable && reach.notJsonRpc !== undefined) console.error(`l2conf: ${reach.notJsonRpc}`)
    let results: CheckResult[] = []
    let interrupted: string | null = null
    let suiteErrors: string[] = []
    if (reach.reachable) {
      const progress = { tty: process.stderr.isTTY === true && process.env.CI === undefined, write: (text: string) => process.stderr.write(redact(text)) }
      const outcome = await runSuites(config, packageRoot, progress)
      results = outcome.results
      interrupted = outcome.interrupted
      suiteErrors = outcome.errors
    } else {
      interrupted = `the target could not be reached${reach.tls === undefined ? '' : ' over TLS'}: ${reach.reason}`
    }
    if (interrupted !== null && reach.reachable) {
      // Account for every check: the one cut off and those never started are 'not-run', with the reason.
      // (An unreachable target is exit 3 with the reason, no check started: its report lists none.)
      catalogue ??= (await listChecks(config, packageRoot)).checks
      results = completeResults(results, catalogue, config, interrupted)
    }
    const applied = applyExpectations(orderResults(results), expectations)
    const notices = [
      ...(config.tls.insecure ? [INSECURE_NOTICE] : []),
      ...suiteErrors.map((line) => `a suite failed to load: ${line}`),
      ...inconclusiveMustNotice(applied.results, config.strict),
    ]
    let report: Report = {
      schemaVersion: REPORT_SCHEMA_VERSION,
      tool: toolInfo(),
      target: { rpc: maskOrNull(config.rpc), ws: maskOrNull(config.ws), rest: maskOrNull(config.rest) },
      profile: config.profile,
      seed: config.seed,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      specs,
      selection: { only: config.only, skip: config.skip },
      options: runOptions(config),
      summary: summarize(applied.results),
      results: boundReportEvidence(applied.results),
    }
    if (interrupted !== null) report.interrupted = interrupted
    if (config.strict) report.strict = true
    const limits = Object.assign({}, ...report.results.map((r) => r.measured ?? {})) as NonNullable<Report['limits']>
    if (Object.keys(limits).length > 0) report.limits = limits
    if (config.expectFailures !== null) {
      report.expectations = { file: config.expectFailures, unexpectedPasses: applied.unexpectedPasses, unmatched: applied.unmatched, expired: applied.expired }
    }
    if (notices.length > 0) report.warnings = notices
    // A suite that failed to load means checks are missing: never a pass.
    const verdict = suiteErrors.length > 0 && verdictOf(report, { strict: config.strict }) === 'pass' ? 'fail' : verdictOf(report, { strict: config.strict })
    report.verdict = verdict
    const exitCode = !reach.reachable ? 3 : verdict === 'pass' ? 0 : 1
    report.exitCode = exitCode
    report = redactReport(report, secrets(), config.redact)
    await writeReports(report, reportDir)
    const latestProblem = config.reportDir === null ? linkLatest(reportDir) : null
    console.log(redact(terminalSummary(report, { color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined, reportDir, strict: config.strict })))
    for (const line of suiteErrors) say(`l2conf: a suite failed to load: ${line}`)
    if (latestProblem !== null) say(`l2conf: could not point reports/${'latest'} at this run: ${latestProblem}`)
    if (!reach.reachable) say(`l2conf run: ${interrupted}`)
    return exitCode
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_UNREACHABLE')) return fail(error.message, 3)
    if (isHarnessError(error)) return fail(error.message, 2)
    throw error
  } finally {
    await reference?.stop()
  }
}

function maskOrNull(url: string | null): string | null {
  return url === null ? null : maskUrl(url)
}

/** The run notice for MUST checks left inconclusive: a warning in every report, a failure under --strict. */
function inconclusiveMustNotice(results: readonly CheckResult[], strict: boolean): string[] {
  const must = results.filter((result) => result.level === 'MUST' && isInconclusive(result))
  if (must.length === 0) return []
  const ids = must.map((result) => result.id).join(', ')
  return [`${must.length} MUST check${must.length === 1 ? ' was' : 's were'} inconclusive (${ids}): not certified${strict ? '; this fails a --strict run' : '; --strict would fail the run'}`]
}
