import * as fc from 'fast-check'
import { acceptsValue } from './acceptsValue.js'
import { invalidData } from './invalidData.js'
import { invalidFixedBytes } from './invalidFixedBytes.js'
import { invalidQuantity } from './invalidQuantity.js'
import type { JsonSchema, JsonSchemaObject, SchemaContext } from './jsonSchema.js'
import { mergeSchemas } from './mergeSchemas.js'
import { resolveSchema } from './resolveSchema.js'
import { validFromSchema } from './validFromSchema.js'
import { wrongJsonType } from './wrongJsonType.js'

/** Values to try: every JSON type, hex near misses, and near misses of the schema's own enums and bounds. */
function candidatePool(s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown> {
  const everyType = wrongJsonType([], { includeNull: context.includeNull })!
  const parts: fc.Arbitrary<unknown>[] = [everyType, invalidQuantity({ maxBits: null }), invalidData(), invalidFixedBytes(20), invalidFixedBytes(32)]
  const near: unknown[] = []
  const branches = [s, ...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])].map((b) => resolveSchema(b, context).schema)
  for (const branch of branches) {
    if (typeof branch === 'boolean') continue
    for (const member of [...(branch.enum ?? []), ...('const' in branch ? [branch.const] : [])]) {
      if (typeof member === 'string') near.push(`${member}x`, member.slice(0, -1), ` ${member}`)
      if (typeof member === 'number') near.push(member + 1, member - 1, String(member))
    }
    if (branch.minimum !== undefined) near.push(branch.minimum - 1, branch.minimum - 0.5)
    if (branch.maximum !== undefined) near.push(branch.maximum + 1, branch.maximum + 0.5)
    if (branch.maxLength !== undefined) near.push('a'.repeat(branch.maxLength + 1))
    if (branch.minLength !== undefined && branch.minLength > 0) near.push('a'.repeat(branch.minLength - 1))
  }
  if (near.length > 0) parts.push(fc.constantFrom(...near))
  return fc.oneof(...parts)
}

// No object with an unknown member among them: JSON-RPC servers ignore members they do not know (as
// geth's decoder does), so a value that is invalid only by an extra member is not certainly refused.
const probes: readonly unknown[] = ['', '0x', '0x01', 'zz', ' ', -1, 0.5, 0, 1, true, false, [], {}, [0], 'latest', '0x0']

/** Objects and arrays that break exactly the structure a plain (no union) schema asks for. */
function structuralViolations(s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown>[] {
  const violations: fc.Arbitrary<unknown>[] = []
  const tryValid = (schema: JsonSchema): fc.Arbitrary<unknown> | null => {
    try {
      return validFromSchema(schema, context)
    } catch {
      return null
    }
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  const objectish = types.includes('object') || (types.length === 0 && (s.properties !== undefined || s.required !== undefined))
  const valid = objectish ? tryValid({ ...s, type: 'object' }) : null
  if (valid !== null) {
    const required = s.required ?? []
    if (required.length > 0) {
      violations.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([o, key]) => Object.fromEntries(Object.entries(o as object).filter(([k]) => k !== key))),
      )
    }
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      const bad = invalidFromSchema(property, { ...context, pointer: `${context.pointer}/properties/${name}` })
      if (bad !== null) violations.push(fc.tuple(valid, bad).map(([o, v]) => ({ ...(o as object), [name]: v })))
    }
  }
  const arrayish = types.includes('array') || (types.length === 0 && s.items !== undefined)
  if (arrayish && !Array.isArray(s.items)) {
    const item = s.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : tryValid(s.items)
    if (item !== null && s.minItems !== undefined && s.minItems > 0) violations.push(fc.array(item, { maxLength: s.minItems - 1 }))
    if (item !== null && s.maxItems !== undefined) violations.push(fc.array(item, { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 }))
    const badItem = s.items === undefined ? null : invalidFromSchema(s.items, { ...context, pointer: `${context.pointer}/items` })
    if (badItem !== null) violations.push(fc.tuple(fc.array(item ?? fc.constant(0), { maxLength: 2 }), badItem).map(([xs, x]) => [...xs, x]))
  }
  if (arrayish && Array.isArray(s.items)) {
    const tuple = s.items.map((item) => tryValid(item))
    s.items.forEach((itemSchema, i) => {
      const bad = invalidFromSchema(itemSchema, { ...context, pointer: `${context.pointer}/items/${i}` })
      const before = tuple.slice(0, i)
      if (bad !== null && before.every((arb) => arb !== null)) violations.push(fc.tuple(...(before as fc.Arbitrary<unknown>[]), bad))
    })
  }
  return violations
}

/**
 * Values certainly NOT valid against a JSON Schema (the `invalid` mode of fromSchema), or null
 * when the schema admits every value. Two sources: candidates of every JSON type and near misses
 * (hex mistakes, enum members misspelt, bounds crossed), each kept only when acceptsValue proves it
 * invalid (else replaced by a probe value proven invalid); and, for a plain object or array
 * schema, a valid value broken in one place (a required property dropped, one property or item
 * made invalid, too few or too many items; never only an unexpected property, which JSON-RPC
 * servers ignore). null is left out unless
 * `includeNull` (a null param reads as an omitted one).
 */
export function invalidFromSchema(schema: unknown, context: SchemaContext): fc.Arbitrary<unknown> | null {
  const resolved = resolveSchema(schema, context)
  const inner = resolved.context
  let s = resolved.schema
  if (s === true) return null
  if (s === false) return fc.jsonValue({ maxDepth: 1 })
  if (s.allOf !== undefined) {
    try {
      const { allOf, ...rest } = s
      s = allOf.reduce<JsonSchema>((acc, branch) => mergeSchemas(acc, branch, inner), rest)
    } catch {
      // Unmergeable branches: the candidates below still work on the schema as written.
    }
    if (typeof s === 'boolean') return s ? null : fc.jsonValue({ maxDepth: 1 })
  }
  const schemaObject = s
  const parts: fc.Arbitrary<unknown>[] = []
  const candidates = [...probes, ...(inner.includeNull ? [null] : [])]
  const fallback = candidates.find((probe) => acceptsValue(schemaObject, probe, inner) === false)
  if (fallback !== undefined) {
    parts.push(candidatePool(schemaObject, inner).map((v) => (acceptsValue(schemaObject, v, inner) === false ? v : fallback)))
  }
  if (schemaObject.oneOf === undefined && schemaObject.anyOf === undefined && schemaObject.not === undefined && schemaObject.allOf === undefined) {
    parts.push(...structuralViolations(schemaObject, inner))
  }
  return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : fc.oneof(...parts)
}
