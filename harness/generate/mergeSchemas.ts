import { isDeepStrictEqual } from 'node:util'
import { isAnnotation, type JsonSchema, type JsonSchemaObject, type SchemaContext, unsupported } from './jsonSchema.js'
import { resolveSchema } from './resolveSchema.js'
import type { JsonType } from './wrongJsonType.js'

const lowerBounds = new Set(['minimum', 'minLength', 'minItems'])
const upperBounds = new Set(['maximum', 'maxLength', 'maxItems'])

function types(schema: JsonSchemaObject): JsonType[] | undefined {
  return schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type]
}

function intersectTypes(a: JsonType[], b: JsonType[]): JsonType[] {
  const has = (list: JsonType[], t: JsonType): boolean => list.includes(t) || (t === 'integer' && list.includes('number'))
  return [...new Set([...a.filter((t) => has(b, t)), ...b.filter((t) => has(a, t))])]
}

/**
 * One schema that requires what both `a` and `b` require (the allOf of two): properties merged
 * per name, required lists united, types intersected, bounds tightened. Throws L2CONF_ERR_SPEC for
 * constraints that cannot be merged into one (two different patterns, say).
 */
export function mergeSchemas(a: JsonSchema, b: JsonSchema, context: SchemaContext): JsonSchema {
  const left = resolveSchema(a, context).schema
  const right = resolveSchema(b, context).schema
  if (left === false || right === false) return false
  if (left === true) return right
  if (right === true) return left
  const merged: JsonSchemaObject = { ...left }
  for (const [key, value] of Object.entries(right)) {
    const mine = merged[key]
    if (mine === undefined || isAnnotation(key)) {
      if (mine === undefined) merged[key] = value
    } else if (key === 'properties') {
      const properties: Record<string, JsonSchema> = { ...left.properties }
      for (const [name, schema] of Object.entries(right.properties ?? {})) {
        const existing = properties[name]
        properties[name] = existing === undefined ? schema : mergeSchemas(existing, schema, context)
      }
      merged.properties = properties
    } else if (key === 'required') {
      merged.required = [...new Set([...(left.required ?? []), ...(right.required ?? [])])]
    } else if (key === 'type') {
      const both = intersectTypes(types(left) ?? [], types(right) ?? [])
      if (both.length === 0) throw unsupported(context, 'allOf branches admit no common type')
      merged.type = both.length === 1 ? both[0]! : both
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      // Keep both (the left one stays in place): a value must satisfy each, so nest the right one under allOf.
      merged.allOf = [...(merged.allOf ?? []), { [key]: value } as JsonSchemaObject]
    } else if (lowerBounds.has(key)) {
      merged[key] = Math.max(mine as number, value as number)
    } else if (upperBounds.has(key)) {
      merged[key] = Math.min(mine as number, value as number)
    } else if (!isDeepStrictEqual(mine, value)) {
      throw unsupported(context, `allOf branches disagree on "${key}"`)
    }
  }
  return merged
}
