import type { RequirementId } from './requirementId.js'

/**
 * How strongly a requirement binds (ARCHITECTURE.md, "Requirements"): a MUST failure fails a run, a
 * SHOULD failure is a warning unless --strict, an INFO requirement (LIMITS) is measured, never failed.
 */
export type Level = 'MUST' | 'SHOULD' | 'INFO'

/** One row of the requirement table: what the suite certifies, in one sentence, and where it comes from. */
export interface RequirementRow<Id extends RequirementId = RequirementId> {
  id: Id
  /** The level its checks are certified at; the strongest of `levels` when they differ. */
  level: Level
  /**
   * Every level its checks are certified at, strongest first, for a requirement whose checks do not
   * all bind alike (EXPOSURE: listing an account is a MUST, a reachable namespace a SHOULD, the
   * headers a fact): each check then states its own, one of these. Left out: every check is at `level`.
   */
  levels?: readonly Level[]
  /** What the requirement asks of a node, as the reports print it. */
  text: string
  /** The section of the interface document (or the standard) the requirement reads. */
  section: string
}

/** A requirement's row, frozen: the one place its id, level and text are written. */
export function requirement<const Id extends RequirementId>(row: RequirementRow<Id>): RequirementRow<Id> {
  // `level` heads `levels`: what a single level stands for (the matrix, a check that states none) is the strongest.
  if (row.levels !== undefined && row.levels[0] !== row.level) throw new Error(`${row.id}: levels must start with its level, ${row.level}`)
  return Object.freeze({ ...row, ...(row.levels === undefined ? {} : { levels: Object.freeze([...row.levels]) }) })
}

/** The levels a requirement's checks are certified at: `levels`, or its one `level`. */
export function levelsOf(row: Pick<RequirementRow, 'level' | 'levels'>): readonly Level[] {
  return row.levels ?? [row.level]
}

/** A requirement's level as the README, the matrix and junit.xml print it: `MUST`, or `MUST/SHOULD/INFO` for one whose checks differ. */
export function levelLabel(row: Pick<RequirementRow, 'level' | 'levels'>): string {
  return levelsOf(row).join('/')
}
