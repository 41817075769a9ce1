import { test } from 'vitest'
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
export function check(declared: CheckSpec, needs: CheckNeeds, body: CheckBody): void {
  const spec = withLevel(declared)
  test(`${spec.id}: ${spec.title}`, { meta: { l2confCheck: { ...spec } } }, async (t) => {
    const context = await runContext()
    const skipReason = deselectionReason(context.config, spec) ?? unmet(needs, context)
    if (skipReason !== null) {
      t.task.meta.l2conf = { ...spec, status: 'skipped', message: skipReason, durationMs: 0 }
      t.skip(skipReason)
      return
    }
    // Provisional until certified: a check cut off by a time-out or a cancelled run still shows in the report.
    t.task.meta.l2conf = { ...spec, status: 'failed', message: INCOMPLETE, durationMs: 0 }
    const result = await certify(spec, (probe) => body(probe, context), { strict: context.config.strict, reproduce: context.reproduce })
    t.task.meta.l2conf = result
    if (result.status === 'failed') throw new Error(`${spec.requirement} ${spec.id}: ${result.message}`)
    if (result.status === 'inconclusive' || result.status === 'not-run') t.skip(`${result.status}: ${result.message}`)
  })
}
