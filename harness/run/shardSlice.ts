import type { CheckDeclaration } from './registry.js'
import { deselectionReason, type Selection } from './selection.js'

/**
 * Shard `index` of `count` (`--shard i/n`): an even slice of the checks, by check, not by the file
 * that declares them. The checks the selection runs are ordered by id and cut into `count` runs of
 * sizes differing by at most one; the checks it leaves out are cut the same way, so every declared
 * check is in exactly one shard (its report says it was skipped) and the slices are the same on every
 * machine for the same specs and selection. Declaration order is kept within a slice.
 */
export function shardSlice(checks: readonly CheckDeclaration[], shard: { index: number; count: number }, selection: Selection): CheckDeclaration[] {
  const chosen = new Set<string>()
  const take = (ids: string[]): void => {
    ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const from = Math.floor(((shard.index - 1) * ids.length) / shard.count)
    const to = Math.floor((shard.index * ids.length) / shard.count)
    for (const id of ids.slice(from, to)) chosen.add(id)
  }
  const runs = checks.filter((check) => deselectionReason(selection, check.spec) === null).map((check) => check.spec.id)
  const leftOut = checks.filter((check) => deselectionReason(selection, check.spec) !== null).map((check) => check.spec.id)
  take(runs)
  take(leftOut)
  return checks.filter((check) => chosen.has(check.spec.id))
}
