import { boundReportEvidence } from '../report/boundEvidence.js'
import { limitForms } from '../report/limitForm.js'
import { applyExpectations } from '../report/expectations.js'
import { verdictOf } from '../report/exitCode.js'
import { redactReport } from '../report/redact.js'
import { REPORT_SCHEMA_VERSION, type CatalogueEntry, type CheckResult, type Report } from '../report/result.js'
import { summarize } from '../report/summarize.js'
import { referenceOptions } from '../reference/referenceOptions.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { INSECURE_NOTICE } from '../tls/insecureNotice.js'
import type { Coverage } from '../coverage/coverage.js'
import { createCoverage } from '../coverage/createCoverage.js'
import { maskUrl } from '../transport/maskUrl.js'
import { completeResults } from './completeResults.js'
import { runChecks, stoppedAnswering } from './engine.js'
import { orderResults } from './orderResults.js'
import { answersOf } from './answerKey.js'
import { groupCauses } from './groupCauses.js'
import type { PreparedRun } from './prepareRun.js'
import { probeReachability, type Reachability } from './probeReachability.js'
import type { ProgressSink } from './progress.js'
import { createRunContext } from './runContext.js'
import { runOptions } from './runOptions.js'
import { toolInfoOf } from './toolInfo.js'
import { writeManifest } from '../transcript/manifest.js'
import { manifestFor } from '../transcript/recordRun.js'
import { deselectionReason } from './selection.js'

/** Where a run's words go: notices that matter (stderr), chatter --quiet drops, and the progress of the checks. */
export interface RunIo {
  say(line: string): void
  inform(line: string): void
  progress: ProgressSink | null
  /**
   * Whether Ctrl-C (SIGINT, SIGTERM) ends the run with a report of what ran, from the start of the
   * bundled reference on; the CLI sets it, a library caller keeps its own signal handling.
   */
  handleSignals: boolean
}

/** A finished run: its report (redacted, not yet written) and the exit code `l2conf run` ends with. */
export interface RunOutcome {
  report: Report
  exitCode: 0 | 1 | 3
  /** Suites that could not declare their checks (their checks are missing: the run cannot pass). */
  declarationErrors: string[]
  /** Why the target could not be reached (exit 3), or null. */
  unreachable: string | null
}

/** The one stderr line before a run that calls eth_sendTransaction (BLOCKED-SENDTX). */
export const SENDTX_NOTICE =
  'l2conf: this run calls eth_sendTransaction (BLOCKED-SENDTX) to prove the node refuses it; against a node that does not block it, the call could move funds. Leave it out with --skip BLOCKED-SENDTX.'

/**
 * Runs a prepared certification (ARCHITECTURE.md, the run): starts the bundled reference when asked,
 * probes every address, runs the declared checks with the engine in this process, and builds the
 * report every form is written from, accounting for every selected check exactly once (a run cut
 * short, stopped by --max-failures or sharded says so). Never exits the process; usage errors were
 * found by prepareRun.
 */
export async function executeRun(prepared: PreparedRun, root: string, io: RunIo, startedReference?: Promise<ReferenceHandle>): Promise<RunOutcome> {
  const { config, redact } = prepared
  const startedAt = new Date()
  // A replayed transcript sets the process's clock back while its checks run: the run is timed apart from it.
  const started = performance.now()
  const callsSendTx = prepared.catalogue.some((spec) => spec.requirement === 'BLOCKED-SENDTX' && deselectionReason(config, spec) === null)
  if (callsSendTx && config.replay == null) io.say(SENDTX_NOTICE)

  // Ctrl-C while the reference starts (or the target is probed) still ends in a report: every selected check not-run.
  let signalled: string | null = null
  let onSignalled: (() => void) | null = null
  const onSignal = (signal: NodeJS.Signals): void => {
    signalled ??= `interrupted by ${signal}`
    onSignalled?.()
  }
  const watchSignals = (on: boolean): void => {
    if (!io.handleSignals) return
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      if (on) process.on(signal, onSignal)
      else process.off(signal, onSignal)
    }
  }
  const untilSignalled = new Promise<null>((resolve) => (onSignalled = () => resolve(null)))

  let reference: ReferenceHandle | undefined
  watchSignals(true)
  try {
    if (config.reference) {
      io.inform('l2conf: starting the bundled reference node and REST service...')
      const starting = startedReference ?? startReference(referenceOptions(config))
      reference = (await Promise.race([starting, untilSignalled])) ?? undefined
      // Interrupted before it was ready: it is stopped once it is (or killed when this process exits).
      if (reference === undefined)
        void starting.then(
          (handle) => handle.stop(),
          () => undefined,
        )
      else {
        config.rpc = reference.rpc
        config.ws = reference.ws
        config.rest = reference.rest
      }
    }
    if (signalled === null && config.replay != null)
      io.inform(
        `l2conf: judging the transcript ${config.replay} offline (recorded from ${maskUrl(config.rpc ?? '')}, profile ${config.profile}, seed ${config.seed})`,
      )
    else if (signalled === null)
      io.inform(
        `l2conf: certifying ${maskUrl(config.rpc ?? '')}${config.ws === null ? '' : ` + ${maskUrl(config.ws)}`}${config.rest === null ? '' : ` + ${maskUrl(config.rest)}`} (profile ${config.profile}, seed ${config.seed}${config.shard === null ? '' : `, shard ${config.shard.index}/${config.shard.count}`})`,
      )

    if (config.record != null && signalled === null) writeManifest(config.record, manifestFor(config, prepared.specs, toolInfoOf(root), startedAt))
    // A transcript is never unreachable: nothing is sent.
    const reach: Reachability = signalled === null && config.replay == null ? await probeReachability(config) : { reachable: true }
    if (reach.reachable && reach.notJsonRpc !== undefined) io.say(`l2conf: ${reach.notJsonRpc}`)
    let results: CheckResult[] = []
    let interrupted: string | null = signalled
    let stopped: string | null = null
    let targetStopped: string | null = null
    let coverage: Coverage | undefined
    const declarationErrors = prepared.declarationErrors
    if (!reach.reachable) {
      interrupted = `the target could not be reached${reach.tls === undefined ? '' : ' over TLS'}: ${reach.reason}`
    } else if (interrupted === null) {
      // From here a signal ends the checks (the engine stops starting them), not the whole wait.
      const aborting = new AbortController()
      onSignalled = () => aborting.abort(signalled)
      const context = await createRunContext(config, prepared.loaded)
      let cut = false
      try {
        const outcome = await runChecks(prepared.declared, context, { progress: io.progress, signal: aborting.signal })
        results = outcome.results
        interrupted = outcome.interrupted
        stopped = outcome.stopped
        cut = interrupted !== null || stopped !== null
        if (outcome.targetStopped !== null) {
          const request = outcome.targetStopped.exchange
          const which = outcome.targetStopped.kind === 'throttled' ? 'the request it refused' : 'the first request that got no answer'
          targetStopped = `${stoppedAnswering(outcome.targetStopped)}${request === undefined ? '' : `; ${which} is replayed by: ${context.reproduce(request)}`}`
          io.say(`l2conf: ${redact(targetStopped)}`)
        }
      } finally {
        // Cut short: the checks still running are not waited for, nor their requests.
        await context.close(cut ? { graceMs: 0 } : {})
        coverage = context.coverage.result()
      }
    }
    watchSignals(false)
    const cutShort = interrupted ?? stopped
    if (cutShort !== null && reach.reachable) {
      // Account for every check: the one cut off and those never started are 'not-run', with the reason.
      // (An unreachable target is exit 3 with the reason, no check started: its report lists none.)
      results = completeResults(results, prepared.catalogue, config, cutShort)
    }
    // The answers each failed check rests on, by id (expectations copy the results they touch).
    const answers = new Map(results.flatMap((result) => (answersOf(result)?.keys.length ? [[result.id, answersOf(result)!] as const] : [])))
    const applied = applyExpectations(orderResults(results), prepared.expectations)
    const notices = [
      ...(config.tls.insecure ? [INSECURE_NOTICE] : []),
      ...declarationErrors.map((line) => `a requirement failed to declare its checks: ${line}`),
      ...inconclusiveMustNotice(applied.results, config.strict),
      ...(targetStopped === null ? [] : [targetStopped]),
    ]
    let report: Report = {
      ...reportHeader(prepared, root, startedAt, started),
      summary: summarize(applied.results),
      results: boundReportEvidence(groupCauses(applied.results, answers)),
    }
    if (interrupted !== null) report.interrupted = interrupted
    if (stopped !== null && interrupted === null) report.stopped = stopped
    if (config.strict) report.strict = true
    // Every declared method and operation is listed, called or not: a run that sent nothing covered nothing.
    report.coverage = coverage ?? createCoverage(prepared.loaded).result()
    if (config.shard !== null) report.shard = { ...config.shard, catalogue: wholeCatalogue(prepared) }
    const limits = Object.assign({}, ...report.results.map((r) => r.measured ?? {})) as NonNullable<Report['limits']>
    if (Object.keys(limits).length > 0) report.limits = limits
    const forms = limitForms(limits)
    if (forms !== undefined) report.limitForms = forms
    if (config.expectFailures !== null) {
      report.expectations = { file: config.expectFailures, unexpectedPasses: applied.unexpectedPasses, unmatched: applied.unmatched, expired: applied.expired }
    }
    if (notices.length > 0) report.warnings = notices
    // A requirement that failed to declare its checks means checks are missing: never a pass.
    const verdict =
      declarationErrors.length > 0 && verdictOf(report, { strict: config.strict }) === 'pass' ? 'fail' : verdictOf(report, { strict: config.strict })
    report.verdict = verdict
    // A target that died mid-run could not be certified (3), unless a check had already failed on its answers (1).
    const diedUncertified = targetStopped !== null && !report.results.some((result) => result.status === 'failed')
    const exitCode = !reach.reachable || diedUncertified ? 3 : verdict === 'pass' ? 0 : 1
    report.exitCode = exitCode
    report = redactReport(report, prepared.secrets, config.redact)
    return { report, exitCode, declarationErrors, unreachable: reach.reachable ? null : redact(interrupted ?? '') }
  } finally {
    watchSignals(false)
    // A reference started by the caller is the caller's to stop.
    if (startedReference === undefined) await reference?.stop()
  }
}

/** What report.json says of the run: the tool and the Node.js that ran it, target, seed, specs, selection and options. */
function reportHeader(prepared: PreparedRun, root: string, startedAt: Date, started: number) {
  const { config } = prepared
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: toolInfoOf(root),
    runtime: { node: process.version, platform: process.platform, arch: process.arch },
    target: { rpc: maskOrNull(config.rpc), ws: maskOrNull(config.ws), rest: maskOrNull(config.rest) },
    profile: config.profile,
    seed: config.seed,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    specs: prepared.specs,
    selection: { only: config.only, skip: config.skip },
    options: runOptions(config),
  }
}

/** Every check of the unsharded run, so `l2conf merge` can name (and report as not-run) a check no shard ran. */
function wholeCatalogue(prepared: PreparedRun): CatalogueEntry[] {
  return prepared.wholeCatalogue.map(({ id, requirement, level, title }) => ({ id, requirement, level, title })).sort((a, b) => a.id.localeCompare(b.id))
}

function maskOrNull(url: string | null): string | null {
  return url === null ? null : maskUrl(url)
}

/** The run notice for MUST checks left inconclusive: a warning in every report, a failure under --strict. */
function inconclusiveMustNotice(results: readonly CheckResult[], strict: boolean): string[] {
  const must = results.filter((result) => result.level === 'MUST' && result.status === 'inconclusive')
  if (must.length === 0) return []
  const ids = must.map((result) => result.id).join(', ')
  return [
    `${must.length} MUST check${must.length === 1 ? ' was' : 's were'} inconclusive (${ids}): not certified${strict ? '; this fails a --strict run' : '; --strict would fail the run'}`,
  ]
}
