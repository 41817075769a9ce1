import { test } from 'vitest'
import { runsInBackground, startInBackground } from './backgroundChecks.js'
import { certify, INCOMPLETE, type CheckSpec, type DeclaredCheck, type Probe } from './certify.js'
import { runContext, type RunContext } from './runContext.js'
import { deselectionReason } from './selection.js'
import type { CheckResult } from '../report/result.js'
import { levelOf } from '../requirements/index.js'

declare module 'vitest' {
  interface TaskMeta {
    /** The certified result of the check this test ran (read by the run's result collector). */
    l2conf?: CheckResult
    /** The check a test declares, known without running it (listChecks reads it in vitest's collect mode). */
    l2confCheck?: DeclaredCheck
    /** The check was started in the background (`waits`): its result comes later, with l2confSettled. */
    l2confBackground?: boolean
    /** The results of the checks that ran in the background (suites/background.test.ts). */
    l2confSettled?: CheckResult[]
    /** What the declared check needs to run (an address, the full profile, discovery), for `l2conf run --list`. */
    l2confNeeds?: CheckNeeds
  }
}

/** A check body: makes the exchanges it needs through the run context, records findings on the probe. */
export type CheckBody = (probe: Probe, context: RunContext) => Promise<void>

/** Preconditions declared beside a check: when unmet, the check is skipped with the reason. */
export interface CheckNeeds {
  ws?: boolean
  rest?: boolean
  rpc?: boolean
  /** The `full` profile (it sends transactions that change state). */
  full?: boolean
  /** Limits discovery (LIMITS), which --no-discover turns off. */
  discover?: boolean
}

function unmet(needs: CheckNeeds, context: RunContext): string | null {
  const { config } = context
  if (needs.discover === true && !config.discover) return 'limits discovery is off (--no-discover)'
  if ((needs.rpc ?? true) && needs.rest !== true && config.rpc === null) return 'the run has no --rpc address'
  if (needs.ws === true && config.ws === null) return 'the run has no --ws address'
  if (needs.rest === true && config.rest === null) return 'the run has no --rest address'
  if (needs.full === true && config.profile !== 'full') return 'sends transactions: runs only in the full profile'
  return null
}

/** How a check runs beside the others. */
export interface CheckOptions {
  /**
   * The check mostly waits for the chain (a subscription's notifications, a receipt), and no other
   * check's requests can change its verdict: under `l2conf run` it runs in the background beside the
   * checks after it (harness/run/backgroundChecks.ts, ARCHITECTURE.md).
   */
  waits?: boolean
  /**
   * In the full profile it sends transactions from the run's key: it never runs beside another check
   * that does. A read-only run sends none, so there such checks wait side by side.
   */
  sends?: boolean
  /**
   * JSON-RPC methods the check holds for itself from its start to its end: another check's requests
   * that call one wait meanwhile (MethodHolds), so the check sees consecutive answers of the target
   * whatever runs beside it. For checks that judge a sequence of one method's answers.
   */
  holds?: readonly string[]
}

/** The provisional result of a check started in the background, until it settles (or the run ends first). */
const BACKGROUND_INCOMPLETE = `${INCOMPLETE}: it ran in the background and the run ended first`

/**
 * The check's spec with its requirement's level (the requirement table). A check that states a level
 * of its own must state its requirement's: a check weaker or stronger than its requirement would
 * certify something the table does not say, so it is refused when the suite loads.
 */
export function withLevel(declared: CheckSpec): DeclaredCheck {
  const level = levelOf(declared.requirement)
  if (declared.level !== undefined && declared.level !== level) {
    throw new Error(`check ${declared.id} states level ${declared.level}, but ${declared.requirement} is ${level} (the requirement table, harness/requirements/)`)
  }
  return { ...declared, level }
}

/**
 * Declares one conformance check as a vitest test. The result is certified (status by its
 * requirement's level and --strict), attached to the test's meta for the report, and a failing MUST
 * (or SHOULD under --strict) fails the test so that plain vitest runs show it too.
 */
export function check(declared: CheckSpec, needs: CheckNeeds, body: CheckBody, options: CheckOptions = {}): void {
  const spec = withLevel(declared)
  test(`${spec.id}: ${spec.title}`, { meta: { l2confCheck: { ...spec }, l2confNeeds: { ...needs } } }, async (t) => {
    const context = await runContext()
    const skipReason = deselectionReason(context.config, spec) ?? unmet(needs, context)
    if (skipReason !== null) {
      t.task.meta.l2conf = { ...spec, status: 'skipped', message: skipReason, durationMs: 0 }
      t.skip(skipReason)
      return
    }
    const certified = (): Promise<CheckResult> => certify(spec, (probe) => body(probe, context), { strict: context.config.strict, reproduce: context.reproduce })
    // The holds are taken as the check starts (before a background check returns), so the checks after it wait.
    const run = options.holds === undefined ? certified : () => context.holds.hold(options.holds!, certified)
    if (options.waits === true && runsInBackground()) {
      const sends = options.sends === true && context.config.profile === 'full'
      t.task.meta.l2conf = { ...spec, status: 'failed', message: BACKGROUND_INCOMPLETE, durationMs: 0 }
      t.task.meta.l2confBackground = true
      startInBackground(spec.id, () => run().catch((error: unknown) => ({ ...spec, status: 'failed', message: `the check threw: ${String(error)}`, durationMs: 0 })), sends)
      return
    }
    // Provisional until certified: a check cut off by a time-out or a cancelled run still shows in the report.
    t.task.meta.l2conf = { ...spec, status: 'failed', message: INCOMPLETE, durationMs: 0 }
    const result = await run()
    t.task.meta.l2conf = result
    if (result.status === 'failed') throw new Error(`${spec.requirement} ${spec.id}: ${result.message}`)
    if (result.status === 'inconclusive' || result.status === 'not-run') t.skip(`${result.status}: ${result.message}`)
  })
}
