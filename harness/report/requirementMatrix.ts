import { requirements } from '../requirements/index.js'
import { levelLabel } from '../requirements/requirement.js'
import type { CheckResult, Level, RequirementId } from './result.js'

/** The verdict on one requirement, from the statuses of its checks. */
export type RequirementStatus = 'failed' | 'known-failure' | 'warning' | 'inconclusive' | 'passed' | 'skipped' | 'not-run'

/** One row of the requirement matrix. */
export interface RequirementRow {
  id: RequirementId
  /** The requirement's level (the strongest, for one whose checks differ). */
  level: Level
  /** The level as reports print it: `MUST`, or `MUST/SHOULD/INFO` for a requirement whose checks differ (the table's `levels`). */
  levelText: string
  /** The requirement's text from the requirement table; null for an id the table does not list. */
  what: string | null
  status: RequirementStatus
  /** `skipped` counts plain skips; `inconclusive` and `notRun` the checks that ran to no verdict and that never ran. */
  counts: { total: number; passed: number; failed: number; warnings: number; knownFailures: number; skipped: number; inconclusive: number; notRun: number }
}

const levelRank: Record<Level, number> = { MUST: 3, SHOULD: 2, INFO: 1 }

/**
 * The requirement matrix of a run (the requirement table, harness/requirements/): one row per requirement, in the
 * table's order, then any other requirement the results name. A requirement fails when any of its
 * checks failed; then known failures, warnings, inconclusive checks (a requirement is not certified while
 * one of its checks could not decide), passes; all checks skipped is 'skipped'; none that ran 'not-run'.
 */
export function requirementMatrix(results: readonly CheckResult[]): RequirementRow[] {
  const byRequirement = new Map<RequirementId, CheckResult[]>()
  for (const result of results) {
    const list = byRequirement.get(result.requirement) ?? []
    list.push(result)
    byRequirement.set(result.requirement, list)
  }
  const rows: RequirementRow[] = requirements.map((requirement) =>
    row(requirement.id, requirement.level, levelLabel(requirement), requirement.text, byRequirement.get(requirement.id) ?? []),
  )
  const listed = new Set<RequirementId>(requirements.map((requirement) => requirement.id))
  for (const [id, list] of byRequirement) {
    if (listed.has(id)) continue
    const level = list.reduce<Level>((best, result) => (levelRank[result.level] > levelRank[best] ? result.level : best), 'INFO')
    rows.push(row(id, level, level, null, list))
  }
  return rows
}

function row(id: RequirementId, level: Level, levelText: string, what: string | null, list: readonly CheckResult[]): RequirementRow {
  const counts = { total: list.length, passed: 0, failed: 0, warnings: 0, knownFailures: 0, skipped: 0, inconclusive: 0, notRun: 0 }
  for (const result of list) {
    if (result.status === 'inconclusive') counts.inconclusive++
    else if (result.status === 'not-run') counts.notRun++
    else if (result.status === 'passed') counts.passed++
    else if (result.status === 'failed') counts.failed++
    else if (result.status === 'warning') counts.warnings++
    else if (result.status === 'known-failure') counts.knownFailures++
    else counts.skipped++
  }
  const status: RequirementStatus =
    counts.failed > 0
      ? 'failed'
      : counts.knownFailures > 0
        ? 'known-failure'
        : counts.warnings > 0
          ? 'warning'
          : counts.inconclusive > 0
            ? 'inconclusive'
            : counts.passed > 0
              ? 'passed'
              : counts.skipped > 0
                ? 'skipped'
                : 'not-run'
  return { id, level, levelText, what, status, counts }
}
