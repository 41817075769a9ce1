import { isAnnotation, type JsonSchemaObject } from './jsonSchema.js'
import { type SharedPatternName, sharedPatterns } from './sharedPatterns.js'

const byName: Record<string, SharedPatternName> = {
  quantity: 'quantity',
  uint: 'quantity',
  uint256: 'quantity',
  data: 'data',
  bytes: 'data',
  hash32: 'hash32',
  hash: 'hash32',
  address: 'address',
}

/**
 * Which shared value a param schema describes, so the domain arbitrary serves it: by its pattern
 * (exactly a shared one), or, for a pattern-less string schema, by its component name or title.
 * `strict` asks for the pattern only: the invalid values of a domain are certainly invalid only
 * against its pattern.
 */
export function schemaDomain(schema: JsonSchemaObject, refName: string | undefined, strict = false): SharedPatternName | undefined {
  const stringish = schema.type === undefined || schema.type === 'string'
  if (!stringish) return undefined
  const onlyTypeAndPattern = Object.keys(schema).every((k) => k === 'type' || k === 'pattern' || k === 'nullable' || isAnnotation(k))
  if (!onlyTypeAndPattern) return undefined
  for (const [name, pattern] of Object.entries(sharedPatterns) as Array<[SharedPatternName, string]>) {
    if (schema.pattern === pattern) return name
  }
  if (strict || schema.pattern !== undefined) return undefined
  for (const hint of [refName, schema.title]) {
    const domain = hint === undefined ? undefined : byName[hint.toLowerCase()]
    if (domain !== undefined) return domain
  }
  return undefined
}
