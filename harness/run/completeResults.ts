import type { CheckResult } from '../report/result.js'
import { INCOMPLETE, type DeclaredCheck } from './certify.js'
import { deselectionReason, type Selection } from './selection.js'

/**
 * The results of a run that stopped early (SIGINT, --max-time, an unreachable target), with every check
 * of `catalogue` exactly once (ARCHITECTURE.md report format: the report accounts for every selected check):
 * a check that finished keeps its verdict; one cut off while it ran, and a selected one that never
 * started, is 'not-run' with the reason; one the selection left out is 'skipped' with why. A check
 * reported twice (the run was cancelled while it ran) keeps its last, most complete result.
 */
export function completeResults(results: readonly CheckResult[], catalogue: readonly DeclaredCheck[], selection: Selection, reason: string): CheckResult[] {
  const byId = new Map<string, CheckResult>()
  for (const result of results) {
    const earlier = byId.get(result.id)
    // A provisional "did not complete" never replaces a verdict the check reached.
    if (earlier !== undefined && isIncomplete(result) && !isIncomplete(earlier)) continue
    byId.set(result.id, isIncomplete(result) ? { ...result, status: 'not-run', message: `${reason} while this check ran` } : result)
  }
  for (const spec of catalogue) {
    if (byId.has(spec.id)) continue
    const deselected = deselectionReason(selection, spec)
    byId.set(
      spec.id,
      deselected === null
        ? { ...spec, status: 'not-run', message: `${reason} before this check ran`, durationMs: 0 }
        : { ...spec, status: 'skipped', message: deselected, durationMs: 0 },
    )
  }
  return [...byId.values()]
}

function isIncomplete(result: CheckResult): boolean {
  return result.status === 'failed' && result.message.startsWith(INCOMPLETE)
}
