import { resolvePointer } from '../spec/jsonPointer.js'
import { oneValueMembers, oneValueOf } from '../spec/oneValueMembers.js'

/**
 * What names a branch of a union for a person reading two versions of it: the `$ref` it is written
 * as, its title, and the one-value members that tell it from its siblings (`type: "0x2"` in a union
 * of transaction types, written as a `const`, a one-value `enum` or a pattern matching one string).
 */
export interface BranchIdentity {
  ref: string | undefined
  title: string | undefined
  /** `name=value` for each one-value member (`=value` when the branch itself is one value). */
  discriminators: string[]
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The identity of the branch written as `raw` whose resolved place in `document` is `pointer`. */
export function branchIdentity(document: unknown, raw: unknown, pointer: string): BranchIdentity {
  const resolved = resolvePointer(document, pointer)?.value
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined
  const title =
    isObject(raw) && typeof raw.title === 'string' ? raw.title : isObject(resolved) && typeof resolved.title === 'string' ? resolved.title : undefined
  const members = oneValueMembers(document, pointer)
  const itself = oneValueOf(resolved)
  const discriminators = [...(itself === undefined ? [] : [`=${itself}`]), ...[...members].map(([name, value]) => `${name}=${value}`)]
  return { ref, title, discriminators }
}

/** Whether two branches say different values for a member both pin to one value (two different transaction types). */
export function discriminatorsConflict(a: BranchIdentity, b: BranchIdentity): boolean {
  const values = new Map(a.discriminators.map((d) => [d.slice(0, d.indexOf('=')), d]))
  return b.discriminators.some((d) => {
    const other = values.get(d.slice(0, d.indexOf('=')))
    return other !== undefined && other !== d
  })
}
