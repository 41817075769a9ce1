import * as fc from 'fast-check'

/** The JSON Schema type names ("integer" is a number with no fraction). */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null'

export interface WrongJsonTypeOptions {
  /**
   * Whether to make null too (default false): servers treat a null positional param as an omitted
   * one (geth does for optional args), so null does not certainly probe a "wrong type" error.
   */
  includeNull?: boolean
}

const small = fc.jsonValue({ maxDepth: 1 })

const makers: Record<Exclude<JsonType, 'number'>, fc.Arbitrary<unknown>> = {
  string: fc.string({ maxLength: 12 }),
  integer: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -1)),
  boolean: fc.boolean(),
  object: fc.dictionary(fc.string({ maxLength: 6 }), small, { maxKeys: 3 }),
  array: fc.array(small, { maxLength: 3 }),
  null: fc.constant(null),
}
// A number that is certainly no integer: n + 0.5 (exact in binary floating point).
const fraction = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n + 0.5)

/**
 * JSON values of a type the schema does NOT admit, for the "wrong JSON type" probes of invalid
 * params (-32602). `admitted` lists the types a param accepts; "number" admits integers too.
 * Returns null when every type is admitted.
 * @example wrongJsonType(['string']) // 17, true, {"a": 1}, [], -3.5, ...
 */
export function wrongJsonType(admitted: readonly JsonType[], options: WrongJsonTypeOptions = {}): fc.Arbitrary<unknown> | null {
  const allows = (type: JsonType): boolean => admitted.includes(type)
  const parts: fc.Arbitrary<unknown>[] = []
  for (const type of ['string', 'integer', 'boolean', 'object', 'array', 'null'] as const) {
    if (type === 'null' && options.includeNull !== true) continue
    if (type === 'integer' ? !allows('integer') && !allows('number') : !allows(type)) parts.push(makers[type])
  }
  if (!allows('number')) parts.push(fraction)
  return parts.length === 0 ? null : fc.oneof(...parts)
}
