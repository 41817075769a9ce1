import { needsOf, transportsOf } from './describeNeeds.js'
import type { DeclaredCheck } from './certify.js'
import type { CheckNeeds } from './registry.js'
import { orderResults } from './orderResults.js'
import { deselectionReason, type Selection } from './selection.js'

/** A declared check with what it needs to run (`l2conf run --list` prints both). */
export interface ListedCheck extends DeclaredCheck {
  needs: CheckNeeds
}

/** One line of `l2conf run --list`: a declared check and whether the selection picks it. */
export interface ListRow {
  id: string
  requirement: string
  level: string
  /** True when the run would execute it (it may still be skipped for a precondition, see `needs`). */
  selected: boolean
  /** Why the selection leaves it out, or null. */
  reason: string | null
  transports: string[]
  needs: string[]
  title: string
}

/** The rows of `--list`, in the report's order (the requirement table, then check id). */
export function listRows(catalogue: readonly ListedCheck[], selection: Selection): ListRow[] {
  const byId = new Map(catalogue.map((check) => [check.id, check]))
  const ordered = orderResults(catalogue.map((check) => ({ ...check, status: 'skipped' as const, message: '', durationMs: 0 })))
  return ordered.map((row) => {
    const check = byId.get(row.id)!
    const reason = deselectionReason(selection, check)
    return {
      id: check.id,
      requirement: check.requirement,
      level: check.level,
      selected: reason === null,
      reason,
      transports: transportsOf(check.needs),
      needs: needsOf(check.needs),
      title: check.title,
    }
  })
}

/**
 * `--list` as text: one tab-separated line per check (id, requirement, level, `selected` or why not,
 * transports, needs, title), so `cut` and `grep` work on it; or (`json`) one JSON array of the rows.
 */
export function formatList(rows: readonly ListRow[], format: 'text' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  const lines = rows.map((row) =>
    [row.id, row.requirement, row.level, row.reason ?? 'selected', row.transports.join(',') || '-', row.needs.join(',') || '-', row.title].join('\t'),
  )
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}
