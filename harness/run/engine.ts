import type { CheckResult } from '../report/result.js'
import { certify, INCOMPLETE } from './certify.js'
import { ProgressPrinter, type ProgressSink } from './progress.js'
import { unmetNeeds, type CheckDeclaration } from './registry.js'
import { sideBySide } from './sideBySide.js'
import type { RunContext } from './runContext.js'
import type { Silence, TransportHealth } from '../transport/transportHealth.js'
import { deselectionReason } from './selection.js'

/**
 * How long one check may run. Each of its exchanges is bounded by --timeout and the run by --max-time;
 * a slow, rate-limited target may legitimately need minutes for one property check.
 */
export const CHECK_TIMEOUT_MS = 900_000

/** What a run of the engine is given besides its checks and their context. */
export interface EngineOptions {
  /** Where each check's end is shown (null: nowhere). */
  progress: ProgressSink | null
  /** Aborting ends the run (a signal): its reason is the abort reason, checks not ended are not-run. */
  signal?: AbortSignal
  /** A check still running after this long fails, as one that did not complete (CHECK_TIMEOUT_MS). */
  checkTimeoutMs?: number
}

/** What the engine ran. */
export interface EngineOutcome {
  /**
   * One result per check that ended, and a provisional one ("did not complete") for each still
   * running when the run was cut short; checks never started have none (completeResults names them).
   */
  results: CheckResult[]
  /** Set when the run was cut short by a signal or --max-time. */
  interrupted: string | null
  /** Set when --max-failures (--fail-fast) stopped the run. */
  stopped: string | null
  /**
   * Set when the target stopped answering mid-run (its JSON-RPC transport, or the REST one of a run
   * without JSON-RPC, judged silent): when, and after which request. The run was cut short then.
   */
  targetStopped: Silence | null
}

/** Why a run stopped early under --max-failures / --fail-fast. */
export function maxFailuresReason(maxFailures: number): string {
  return `the run stopped after ${maxFailures} failed check${maxFailures === 1 ? '' : 's'} (${maxFailures === 1 ? '--fail-fast' : `--max-failures ${maxFailures}`})`
}

/** Why a declared check does not run in this run (the selection, or a need the run does not meet), or null. */
export function skipReason(check: CheckDeclaration, config: RunContext['config']): string | null {
  return deselectionReason(config, check.spec) ?? unmetNeeds(check.needs, config)
}

/**
 * Runs one check's body against the run's context and certifies it (certify: findings, evidence,
 * status at its level), holding the methods it declares for itself (`holds`) from its start to its end.
 * Never rejects: a body that throws is a failed check.
 */
export function runCheck(check: CheckDeclaration, context: RunContext): Promise<CheckResult> {
  const certified = (): Promise<CheckResult> =>
    certify(check.spec, (probe) => check.body(probe, context), { strict: context.config.strict, reproduce: context.reproduce, health: context.health })
  const run = check.options.holds === undefined ? certified() : context.holds.hold(check.options.holds, certified)
  return run.catch((error: unknown) => ({ ...check.spec, status: 'failed', message: `the check threw: ${String(error)}`, durationMs: 0 }))
}

/**
 * Runs declared checks side by side in this process (ARCHITECTURE.md, the run). Every request goes
 * through the run's one request gate, so `--concurrency` and `--rate` bound what the target sees
 * whatever runs at once; order is declared, not implied by where a check is written:
 * - checks that wait for the chain (`waits`) start first and wait beside all the others;
 * - in the full profile, checks that send from the run's key (`sends`) run one after another, and
 *   checks that read the transactions near the head (`afterSends`) start once those have ended;
 * - the other checks run side by side, at most `--concurrency` at a time, each sending its own
 *   requests side by side too where they are independent; those with the longest chains of round
 *   trips one after another (`chain`) start first, so a long chain never starts last;
 * - checks that measure the target (`alone`) then run one at a time with no other foreground check;
 * - checks that judge the whole run's traffic (`last`) start when every other check has ended.
 * `--fail-fast` / `--max-failures`, `--max-time` and the abort signal stop starting checks and end the
 * run at once: the checks still running get a provisional result, the run's report says why.
 */
export async function runChecks(checks: readonly CheckDeclaration[], context: RunContext, options: EngineOptions): Promise<EngineOutcome> {
  const { config } = context
  const printer = new ProgressPrinter(options.progress)
  const results: CheckResult[] = []
  const running = new Map<string, CheckDeclaration>()
  const timeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS
  let failures = 0
  let interrupted: string | null = null
  let stopped: string | null = null
  let endEarly: () => void = () => undefined
  const endedEarly = new Promise<void>((resolve) => (endEarly = resolve))
  const cutShort = (): boolean => interrupted !== null || stopped !== null
  const cut = (reason: string, how: 'interrupted' | 'stopped'): void => {
    if (cutShort()) return
    if (how === 'interrupted') interrupted = reason
    else stopped = reason
    endEarly()
  }

  const record = (result: CheckResult): void => {
    results.push(result)
    printer.ended(result)
    if (result.status === 'failed') failures++
    if (config.maxFailures != null && failures >= config.maxFailures) cut(maxFailuresReason(config.maxFailures), 'stopped')
  }

  const start = async (check: CheckDeclaration): Promise<void> => {
    if (cutShort()) return
    running.set(check.spec.id, check)
    const result = await withTimeout(runCheck(check, context), timeoutMs, check)
    // A check that ends after the run was cut short keeps its provisional result: the report was already made.
    if (cutShort()) return
    running.delete(check.spec.id)
    record(result)
  }

  // Full profile: one lane for the checks that send from the run's key.
  let lane: Promise<void> = Promise.resolve()
  const sends = (check: CheckDeclaration): boolean => config.profile === 'full' && check.options.sends === true
  const startInTurn = (check: CheckDeclaration): Promise<void> => {
    if (!sends(check)) return start(check)
    lane = lane.then(() => start(check))
    return lane
  }

  // A target that stopped answering ends the run once: the checks not yet started are not-run with
  // the reason, rather than each failing on its own requests.
  let targetStopped: Silence | null = null
  const main: TransportHealth | undefined = config.rpc !== null ? context.health?.http : config.rest !== null ? context.health?.rest : undefined
  const stopWatching = main?.onUnusable(() => {
    const silence = main.silence
    if (silence === undefined) return
    targetStopped = silence
    cut(stoppedAnswering(silence), 'interrupted')
  })

  const onAbort = (): void => cut(String(options.signal?.reason ?? 'interrupted'), 'interrupted')
  if (options.signal?.aborted === true) onAbort()
  options.signal?.addEventListener('abort', onAbort)
  const maxTime = setTimeout(() => cut(`stopped by --max-time after ${config.maxTimeMs / 1000} s`, 'interrupted'), config.maxTimeMs)

  const selected: CheckDeclaration[] = []
  for (const check of checks) {
    const reason = skipReason(check, config)
    if (reason === null) selected.push(check)
    else record({ ...check.spec, status: 'skipped', message: reason, durationMs: 0 })
  }
  const last = selected.filter((check) => check.options.last === true)
  const waiting = selected.filter((check) => check.options.waits === true && check.options.last !== true)
  const alone = selected.filter((check) => check.options.alone === true && check.options.waits !== true && check.options.last !== true)
  // The longest chains of round trips first (a stable sort: declared order otherwise).
  const rest = selected
    .filter((check) => !last.includes(check) && !waiting.includes(check) && !alone.includes(check))
    .sort((a, b) => (b.options.chain ?? 1) - (a.options.chain ?? 1))
  // Full profile: the checks that send queue in their lane at once (never holding a place of the
  // foreground while they wait their turn), and the checks that read what they leave on the chain
  // start once the lane is done.
  const afterSends = (check: CheckDeclaration): boolean => config.profile === 'full' && check.options.afterSends === true
  const foreground = rest.filter((check) => !sends(check) && !afterSends(check))

  const everything = (async () => {
    const background = [...waiting, ...rest.filter(sends)].map(startInTurn)
    // Every check that sends is in the lane by now: the lane ends when the last of them does.
    const late = lane.then(() => sideBySide(rest.filter(afterSends), config.concurrency, start))
    // Once the run is cut short, start() returns at once: the rest are never started.
    await sideBySide(foreground, config.concurrency, start)
    await late
    for (const check of alone) await start(check)
    await Promise.all(background)
    for (const check of last) await start(check)
  })()
  try {
    await Promise.race([everything, endedEarly])
  } finally {
    clearTimeout(maxTime)
    stopWatching?.()
    options.signal?.removeEventListener('abort', onAbort)
    printer.finish()
  }
  // Cut short: the checks still running are accounted for with a provisional result (completeResults says why).
  for (const check of running.values()) results.push({ ...check.spec, status: 'failed', message: INCOMPLETE, durationMs: 0 })
  return { results: [...results], interrupted, stopped, targetStopped }
}

/** Why a run was cut short by its target's silence: when the first unanswered request was sent, and what it was. */
export function stoppedAnswering(silence: Silence): string {
  const at = new Date(silence.at).toISOString()
  return silence.kind === 'throttled'
    ? `the target refused to be certified now (at ${at}): ${silence.evidence}`
    : `the target stopped answering at ${at}: ${silence.evidence}`
}

/** A check's result, or a failed one that says it did not complete when it runs past `timeoutMs`. */
async function withTimeout(result: Promise<CheckResult>, timeoutMs: number, check: CheckDeclaration): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ...check.spec, status: 'failed', message: `${INCOMPLETE}: it ran past its time-out of ${timeoutMs / 1000} s`, durationMs: timeoutMs }),
      timeoutMs,
    )
  })
  try {
    return await Promise.race([result, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
