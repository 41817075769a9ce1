import type * as fc from 'fast-check'
import { HarnessError } from '../errors/harnessError.js'
import type { SchemaContext } from './jsonSchema.js'
import { invalidFromSchema } from './invalidFromSchema.js'
import { validFromSchema } from './validFromSchema.js'

export interface FromSchemaOptions {
  /** valid: values the schema certainly accepts; invalid: values it certainly rejects. */
  mode: 'valid' | 'invalid'
  /**
   * The named schemas `$ref: "#/components/schemas/<name>"` points at: the spec's
   * `components.schemas`, or its whole `components` object (then its `schemas` is used).
   */
  components?: Record<string, unknown>
  /** invalid mode: also make null (default false: servers read a null param as an omitted one). */
  includeNull?: boolean
}

/** The name → schema map, from either `components.schemas` or `components` itself. */
function schemaMap(components: Record<string, unknown> | undefined): Record<string, unknown> {
  if (components === undefined) return {}
  const nested = components.schemas
  const looksLikeComponents = nested !== null && typeof nested === 'object' && !Array.isArray(nested) && !('type' in nested) && !('$ref' in nested)
  return looksLikeComponents ? (nested as Record<string, unknown>) : components
}

/**
 * An arbitrary derived from the JSON Schema of a method param (openrpc.json) or a REST query
 * param (openapi.yaml): `valid` values the schema accepts (the shared schemas quantity, data,
 * hash32 and address get quantity(), data(), hash32(), address(); other patterns fc.stringMatching),
 * `invalid` values it rejects, to probe -32602 / HTTP 400 handling. Follows
 * `#/components/schemas/<name>` refs into `components`. Throws HarnessError L2CONF_ERR_SPEC
 * (with `details.pointer`) when it cannot derive such values: an unsupported keyword or format,
 * or, in invalid mode, a schema that accepts everything (use invalidFromSchema to get null instead).
 * @example fromSchema({ $ref: '#/components/schemas/blockNumberOrTag' }, { mode: 'invalid', components })
 */
export function fromSchema(schema: unknown, options: FromSchemaOptions): fc.Arbitrary<unknown> {
  const context: SchemaContext = { schemas: schemaMap(options.components), pointer: '', following: [], includeNull: options.includeNull === true }
  if (options.mode === 'valid') return validFromSchema(schema, context)
  const invalid = invalidFromSchema(schema, context)
  if (invalid === null) throw new HarnessError('L2CONF_ERR_SPEC', 'cannot derive invalid values: the schema accepts every value', { pointer: '' })
  return invalid
}

/** Like fromSchema in invalid mode, but null (not an error) for a schema that accepts everything. */
export function invalidParamValues(schema: unknown, options: Omit<FromSchemaOptions, 'mode'>): fc.Arbitrary<unknown> | null {
  return invalidFromSchema(schema, { schemas: schemaMap(options.components), pointer: '', following: [], includeNull: options.includeNull === true })
}
