import { childPointer, resolvePointer } from './jsonPointer.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A pattern that matches exactly one string (`^0x2$`): that string; else undefined. */
function literalOf(pattern: string): string | undefined {
  const match = /^\^((?:[^\\^$.|?*+()[\]{}]|\\[\\^$.|?*+()[\]{}/-])*)\$$/.exec(pattern)
  return match?.[1]?.replace(/\\(.)/g, '$1')
}

/**
 * The one value a schema allows, as JSON text, when it allows exactly one: a `const`, a one-value
 * `enum`, or a pattern matching one string (execution-apis writes a transaction's type `^0x2$`).
 */
export function oneValueOf(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return JSON.stringify(schema.enum[0])
  const literal = typeof schema.pattern === 'string' ? literalOf(schema.pattern) : undefined
  return literal === undefined ? undefined : JSON.stringify(literal)
}

/**
 * The members pinned to one value (name -> JSON text) of the schema at `pointer` in `document` and
 * of its `allOf` parts, `$ref`s followed: what tells a branch of a union from its siblings (a signed
 * transaction is its unsigned form and a signature: the type lives in the first part; an error of
 * eth_simulateV1 is told by its `code`).
 */
export function oneValueMembers(document: unknown, pointer: string): Map<string, string> {
  const out = new Map<string, string>()
  const visit = (at: string, depth: number): void => {
    const found = resolvePointer(document, at)
    if (found === undefined || !isObject(found.value) || depth > 4) return
    const schema = found.value
    if (isObject(schema.properties)) {
      for (const name of Object.keys(schema.properties)) {
        const value = oneValueOf(resolvePointer(document, childPointer(found.pointer, 'properties', name))?.value)
        if (value !== undefined && !out.has(name)) out.set(name, value)
      }
    }
    if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, i) => visit(childPointer(found.pointer, 'allOf', i), depth + 1))
  }
  visit(pointer, 0)
  return out
}
