import { childPointer, resolvePointer } from '../spec/jsonPointer.js'

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

/** A pattern that matches exactly one string (`^0x2$`): that string; else undefined. */
function literalOf(pattern: string): string | undefined {
  const match = /^\^((?:[^\\^$.|?*+()[\]{}]|\\[\\^$.|?*+()[\]{}/-])*)\$$/.exec(pattern)
  return match?.[1]?.replace(/\\(.)/g, '$1')
}

/** The one value a schema allows (JSON text), when it allows exactly one. */
function oneValueOf(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return JSON.stringify(schema.enum[0])
  const literal = typeof schema.pattern === 'string' ? literalOf(schema.pattern) : undefined
  return literal === undefined ? undefined : JSON.stringify(literal)
}

/**
 * The one-value members of the schema at `pointer` and of its `allOf` parts (a signed transaction
 * is its unsigned form and a signature: the type lives in the first part), `$ref`s followed.
 */
function discriminatorsAt(document: unknown, pointer: string, depth: number, out: Map<string, string>): void {
  const at = resolvePointer(document, pointer)
  if (at === undefined || !isObject(at.value) || depth > 4) return
  const schema = at.value
  if (isObject(schema.properties)) {
    for (const name of Object.keys(schema.properties)) {
      const member = resolvePointer(document, childPointer(at.pointer, 'properties', name))
      const value = oneValueOf(member?.value)
      if (value !== undefined && !out.has(name)) out.set(name, value)
    }
  }
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, i) => discriminatorsAt(document, childPointer(at.pointer, 'allOf', i), depth + 1, out))
}

/** The identity of the branch written as `raw` whose resolved place in `document` is `pointer`. */
export function branchIdentity(document: unknown, raw: unknown, pointer: string): BranchIdentity {
  const resolved = resolvePointer(document, pointer)?.value
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined
  const title =
    isObject(raw) && typeof raw.title === 'string' ? raw.title : isObject(resolved) && typeof resolved.title === 'string' ? resolved.title : undefined
  const members = new Map<string, string>()
  discriminatorsAt(document, pointer, 0, members)
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
