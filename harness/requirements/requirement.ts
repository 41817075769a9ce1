import type { RequirementId } from './requirementId.js'

/**
 * How strongly a requirement binds (ARCHITECTURE.md, "Requirements"): a MUST failure fails a run, a
 * SHOULD failure is a warning unless --strict, an INFO requirement (LIMITS) is measured, never failed.
 */
export type Level = 'MUST' | 'SHOULD' | 'INFO'

/** One row of the requirement table: what the suite certifies, in one sentence, and where it comes from. */
export interface RequirementRow<Id extends RequirementId = RequirementId> {
  id: Id
  level: Level
  /** What the requirement asks of a node, as the reports print it. */
  text: string
  /** The section of the interface document (or the standard) the requirement reads. */
  section: string
}

/** A requirement's row, frozen: the one place its id, level and text are written. */
export function requirement<const Id extends RequirementId>(row: RequirementRow<Id>): RequirementRow<Id> {
  return Object.freeze({ ...row })
}
