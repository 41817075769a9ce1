import type { ErrorObject } from 'ajv'
import { childPointer, resolvePointer } from './jsonPointer.js'
import { oneValueMembers, oneValueOf } from './oneValueMembers.js'

/** ajv's errors (verbose) for `value` against the schema at `pointer` of the document; undefined when it cannot tell. */
export type ErrorsAt = (pointer: string, value: unknown) => readonly ErrorObject[] | undefined

/** At most this many unions of one value are explained (each costs one validation per branch). */
export const MAX_UNIONS_EXPLAINED = 32

/** Whether ajv's error is a `oneOf`/`anyOf` no branch of which the value passed. */
export function isUnionFailure(error: ErrorObject): boolean {
  // A oneOf matched by more than one branch (passingSchemas a list) failed no branch: nothing to explain.
  return (error.keyword === 'oneOf' || error.keyword === 'anyOf') && !Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas)
}

/** The number of tokens of a JSON pointer (`''` 0, `/a/0` 2). */
const depthOf = (pointer: string): number => (pointer === '' ? 0 : pointer.split('/').length - 1)

const isWithin = (path: string, place: string): boolean => path === place || path.startsWith(place + '/')

/** Whether `value` has every one-value member the branch at `pointer` pins (or is the one value the branch allows). */
function matchesDiscriminators(document: unknown, pointer: string, value: unknown): boolean {
  const itself = oneValueOf(resolvePointer(document, pointer)?.value)
  if (itself !== undefined) return JSON.stringify(value) === itself
  const members = oneValueMembers(document, pointer)
  if (members.size === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const object = value as Record<string, unknown>
  return [...members].every(([name, wanted]) => Object.hasOwn(object, name) && JSON.stringify(object[name]) === wanted)
}

/**
 * The errors of the branch a failed union's value is closest to, at the union's place: of the
 * branches whose type admits the value, the one whose one-value members (a `const` code, a
 * transaction's `type`) it matches, else the one whose shape the value keeps deepest (the
 * shallowest type error furthest down), then the one with the fewest errors; undefined when no branch
 * admits its type or two are equally close (then every alternative is said, side by side), and the
 * number of errors all its branches made (they stand just before the union's error in ajv's list).
 */
function closest(
  union: ErrorObject,
  document: unknown,
  errorsAt: ErrorsAt,
  pointerOf: (schema: object) => string | undefined,
): { size: number; chosen: ErrorObject[] } | undefined {
  const branches = union.schema
  const parent = union.parentSchema
  if (!Array.isArray(branches) || typeof parent !== 'object' || parent === null) return undefined
  const at = pointerOf(parent)
  if (at === undefined) return undefined
  const pointers = branches.map((_, i) => childPointer(at, union.keyword, i))
  const errors = pointers.map((pointer) => errorsAt(pointer, union.data))
  if (errors.some((e) => e === undefined || e.length === 0)) return undefined
  const lists = errors as ReadonlyArray<readonly ErrorObject[]>
  // How deep the value keeps the branch's shape: the depth of its shallowest type error (0: the
  // value itself is of another type; a list of hashes meeting an object fails at its items).
  const agreesTo = lists.map((list) => Math.min(...list.filter((e) => e.keyword === 'type').map((e) => depthOf(e.instancePath))))
  const candidates = lists.flatMap((_, i) => ((agreesTo[i] as number) > 0 ? [i] : []))
  const matched = candidates.filter((i) => matchesDiscriminators(document, pointers[i] as string, union.data))
  let pool = matched.length > 0 ? matched : candidates
  const deepest = Math.max(...pool.map((i) => agreesTo[i] as number))
  pool = pool.filter((i) => agreesTo[i] === deepest)
  const fewest = Math.min(...pool.map((i) => (lists[i] as readonly ErrorObject[]).length))
  const best = pool.filter((i) => (lists[i] as readonly ErrorObject[]).length === fewest)
  const first = best[0]
  if (first === undefined || (matched.length === 0 && best.length > 1)) return undefined
  return {
    size: lists.reduce((sum, list) => sum + list.length, 0),
    chosen: (lists[first] as readonly ErrorObject[]).map((e) => ({ ...e, instancePath: union.instancePath + e.instancePath })),
  }
}

/**
 * Explains each failed `oneOf`/`anyOf` against the branch the value is closest to, instead of
 * against every branch (and the first one read first): an error of eth_simulateV1 with code -32015
 * is held to the branch whose code is -32015 ("message must match ^vm execution error"), not to the
 * first ("code must be 3"). ajv lists a union's branches' errors, in order, just before the union's
 * own; each branch is validated again on its own to tell them apart, and the block is replaced by
 * the chosen branch's errors (the union's summary goes: the branch says more). Unions inside the
 * chosen branch are explained in turn. Where the errors are not laid out as expected, or no branch
 * stands out, they are left as ajv gave them. Never throws.
 */
export function explainUnions(
  errors: readonly ErrorObject[],
  document: unknown,
  errorsAt: ErrorsAt,
  pointerOf: (schema: object) => string | undefined,
): ErrorObject[] {
  let list = [...errors]
  try {
    const done = new Set<ErrorObject>()
    for (let explained = 0; explained < MAX_UNIONS_EXPLAINED; explained++) {
      // The last union not yet looked at is inside no other: an enclosing union's error comes after it.
      const k = list.findLastIndex((e) => isUnionFailure(e) && !done.has(e))
      const union = list[k]
      if (union === undefined) break
      done.add(union)
      const found = closest(union, document, errorsAt, pointerOf)
      if (found === undefined) continue
      const start = k - found.size
      if (start < 0 || list.slice(start, k).some((e) => !isWithin(e.instancePath, union.instancePath))) continue
      list = [...list.slice(0, start), ...found.chosen, ...list.slice(k + 1)]
    }
    return list
  } catch {
    return [...errors]
  }
}
