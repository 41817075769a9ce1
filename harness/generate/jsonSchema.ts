import { HarnessError } from '../errors/harnessError.js'
import type { JsonType } from './wrongJsonType.js'

/**
 * The JSON Schema subset the spec files use for params (OpenRPC 1.3: draft-07; OpenAPI 3.0 adds
 * `nullable` and the boolean `exclusiveMinimum`/`exclusiveMaximum`). Other keywords may be present.
 */
export interface JsonSchemaObject {
  $ref?: string
  title?: string
  type?: JsonType | JsonType[]
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  multipleOf?: number
  items?: JsonSchema | JsonSchema[]
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: JsonSchema
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  not?: JsonSchema
  nullable?: boolean
  [keyword: string]: unknown
}

export type JsonSchema = boolean | JsonSchemaObject

/** What derivation carries down the schema tree. */
export interface SchemaContext {
  /** Named schemas that `#/components/schemas/<name>` refers to. */
  schemas: Record<string, unknown>
  /** JSON pointer of the schema being derived, for error messages. */
  pointer: string
  /** $refs being followed, to stop on a cycle. */
  following: readonly string[]
  includeNull: boolean
}

/** Keywords that constrain nothing: ignored when deriving. */
export const annotationKeywords = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
  'summary',
  'externalDocs',
  'xml',
  'discriminator',
  'name',
])

/** True for a keyword that constrains nothing: an annotation or an `x-` extension. */
export function isAnnotation(keyword: string): boolean {
  return annotationKeywords.has(keyword) || keyword.startsWith('x-')
}

/** A schema this derivation cannot handle: a spec problem (exit 2), with where it is. */
export function unsupported(context: SchemaContext, what: string): HarnessError {
  return new HarnessError('L2CONF_ERR_SPEC', `cannot derive values at ${context.pointer || '/'}: ${what}`, { pointer: context.pointer })
}

/** The JSON type of a value ("integer" for a number without fraction). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'boolean':
      return 'boolean'
    case 'number':
      return Number.isFinite(value) ? (Number.isInteger(value) ? 'integer' : 'number') : undefined
    case 'object':
      return 'object'
    default:
      return undefined
  }
}
