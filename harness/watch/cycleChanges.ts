import type { CheckResult, ResultStatus } from '../report/result.js'

/**
 * Statuses that count as a check not holding (a SHOULD's warning included: it is what an operator
 * watches). Inconclusive is not one: the check could not decide (a chain without the history it
 * looks for), which says nothing against the node.
 */
const BROKEN: ReadonlySet<ResultStatus> = new Set(['failed', 'warning'])

/** A check that changed between two cycles. */
export interface CycleChange {
  kind: 'check-failing' | 'check-recovered'
  result: CheckResult
  /** Its status in the previous cycle, or null when it was not in it. */
  before: ResultStatus | null
}

/** Whether a check's status is one that does not hold (failed, warning). */
export function isBroken(status: ResultStatus): boolean {
  return BROKEN.has(status)
}

/**
 * The checks that started failing, or recovered, between the previous cycle's results and these.
 * The first cycle compares with nothing: every check that does not hold in it is failing. A check
 * not run (the target went away mid-cycle) or skipped changes nothing: its last verdict stands.
 */
export function cycleChanges(previous: ReadonlyMap<string, ResultStatus> | null, results: readonly CheckResult[]): CycleChange[] {
  const changes: CycleChange[] = []
  for (const result of results) {
    if (result.status === 'not-run' || result.status === 'skipped') continue
    const before = previous?.get(result.id) ?? null
    const wasBroken = before !== null && isBroken(before)
    if (isBroken(result.status) && !wasBroken) changes.push({ kind: 'check-failing', result, before })
    else if (!isBroken(result.status) && wasBroken) changes.push({ kind: 'check-recovered', result, before })
  }
  return changes
}

/** The verdicts a cycle leaves for the next one to compare with: each check's last status that was a verdict. */
export function carryStatuses(previous: ReadonlyMap<string, ResultStatus> | null, results: readonly CheckResult[]): Map<string, ResultStatus> {
  const next = new Map(previous ?? [])
  for (const result of results) if (result.status !== 'not-run' && result.status !== 'skipped') next.set(result.id, result.status)
  return next
}
