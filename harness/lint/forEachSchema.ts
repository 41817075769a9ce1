import { childPointer } from '../spec/jsonPointer.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const SINGLE = ['additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'items']
const LISTS = ['allOf', 'anyOf', 'oneOf', 'items']
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']

/**
 * Visits a schema and every schema inside it (properties, items, allOf, ...), each with its JSON
 * Pointer. `$ref` schemas are visited but not followed: what they name is visited at its own place.
 */
export function forEachSchema(schema: unknown, pointer: string, visit: (schema: Json, pointer: string) => void): void {
  if (!isObject(schema)) return
  visit(schema, pointer)
  if (typeof schema['$ref'] === 'string') return
  for (const key of SINGLE) {
    if (isObject(schema[key])) forEachSchema(schema[key], childPointer(pointer, key), visit)
  }
  for (const key of LISTS) {
    const list = schema[key]
    if (Array.isArray(list)) list.forEach((item, index) => forEachSchema(item, childPointer(pointer, key, index), visit))
  }
  for (const key of MAPS) {
    const map = schema[key]
    if (isObject(map)) for (const [name, item] of Object.entries(map)) forEachSchema(item, childPointer(pointer, key, name), visit)
  }
}
