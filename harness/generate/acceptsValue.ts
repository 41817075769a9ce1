import { isDeepStrictEqual } from 'node:util'
import { isAnnotation, type JsonSchema, jsonTypeOf, type SchemaContext } from './jsonSchema.js'
import { resolveSchema } from './resolveSchema.js'

/** true: certainly valid; false: certainly invalid; undefined: cannot tell (a keyword it does not know). */
export type Verdict = boolean | undefined

const handled = new Set([
  '$ref',
  'type',
  'nullable',
  'const',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
])

/** Conjunction of verdicts: false wins, then undefined. */
function all(verdicts: Iterable<Verdict>): Verdict {
  let result: Verdict = true
  for (const verdict of verdicts) {
    if (verdict === false) return false
    if (verdict === undefined) result = undefined
  }
  return result
}

function typeVerdict(schema: Exclude<JsonSchema, boolean>, value: unknown): Verdict {
  const actual = jsonTypeOf(value)
  if (actual === undefined) return false
  if (schema.type === undefined) return true
  const allowed = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (actual === 'null' && schema.nullable === true) return true
  return allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'))
}

function numberVerdict(s: Exclude<JsonSchema, boolean>, n: number): Verdict {
  const exMin = s.exclusiveMinimum
  const exMax = s.exclusiveMaximum
  if (s.minimum !== undefined && (exMin === true ? n <= s.minimum : n < s.minimum)) return false
  if (s.maximum !== undefined && (exMax === true ? n >= s.maximum : n > s.maximum)) return false
  if (typeof exMin === 'number' && n <= exMin) return false
  if (typeof exMax === 'number' && n >= exMax) return false
  if (s.multipleOf !== undefined) {
    // Only a clear "no" is certain: validators differ on float rounding and on huge quotients
    // (ajv's parseInt check rejects 5e20 as a multiple of 0.5).
    const quotient = n / s.multipleOf
    return Math.abs(Math.round(quotient) - quotient) > 1e-6 ? false : undefined
  }
  return true
}

const patterns = new Map<string, RegExp>()

function stringVerdict(s: Exclude<JsonSchema, boolean>, text: string): Verdict {
  const length = [...text].length // code points, as ajv counts them
  if (s.minLength !== undefined && length < s.minLength) return false
  if (s.maxLength !== undefined && length > s.maxLength) return false
  if (s.pattern !== undefined) {
    let re = patterns.get(s.pattern)
    if (re === undefined) patterns.set(s.pattern, (re = new RegExp(s.pattern, 'u')))
    if (!re.test(text)) return false
  }
  return s.format === undefined ? true : undefined
}

function arrayVerdict(s: Exclude<JsonSchema, boolean>, items: unknown[], context: SchemaContext): Verdict {
  if (s.minItems !== undefined && items.length < s.minItems) return false
  if (s.maxItems !== undefined && items.length > s.maxItems) return false
  const verdicts: Verdict[] = []
  if (Array.isArray(s.items)) {
    const tuple = s.items
    verdicts.push(...items.slice(0, tuple.length).map((item, i) => acceptsValue(tuple[i]!, item, context)))
    if (items.length > tuple.length && s.additionalItems !== undefined) verdicts.push(undefined)
  } else if (s.items !== undefined) {
    const each = s.items
    verdicts.push(...items.map((item) => acceptsValue(each, item, context)))
  }
  if (s.uniqueItems === true) {
    const seen = new Set(items.map((item) => JSON.stringify(item)))
    verdicts.push(seen.size === items.length ? (items.every((i) => i === null || typeof i !== 'object') ? true : undefined) : false)
  }
  return all(verdicts)
}

function objectVerdict(s: Exclude<JsonSchema, boolean>, object: Record<string, unknown>, context: SchemaContext): Verdict {
  if (s.required?.some((key) => !Object.hasOwn(object, key)) === true) return false
  const verdicts: Verdict[] = []
  for (const [key, value] of Object.entries(object)) {
    const property = s.properties?.[key]
    if (property !== undefined) verdicts.push(acceptsValue(property, value, context))
    else if (s.patternProperties !== undefined) verdicts.push(undefined)
    else if (s.additionalProperties !== undefined) verdicts.push(acceptsValue(s.additionalProperties, value, context))
  }
  return all(verdicts)
}

/**
 * Whether `value` is valid against `schema`, answered only where certain: a small validator for
 * the subset the specs use, so invalid-value generators can prove each value invalid (false)
 * without a compiled validator. Unknown keywords (format, patternProperties, ...) make it unsure.
 */
export function acceptsValue(schema: unknown, value: unknown, context: SchemaContext): Verdict {
  const { schema: s, context: inner } = resolveSchema(schema, context)
  if (typeof s === 'boolean') return s
  const verdicts: Verdict[] = [typeVerdict(s, value)]
  if (verdicts[0] === false) return false
  if ('const' in s) verdicts.push(isDeepStrictEqual(s.const, value))
  if (s.enum !== undefined) verdicts.push(s.enum.some((member) => isDeepStrictEqual(member, value)))
  if (typeof value === 'number') verdicts.push(numberVerdict(s, value))
  if (typeof value === 'string') verdicts.push(stringVerdict(s, value))
  if (Array.isArray(value)) verdicts.push(arrayVerdict(s, value, inner))
  else if (value !== null && typeof value === 'object') verdicts.push(objectVerdict(s, value as Record<string, unknown>, inner))
  if (s.allOf !== undefined) verdicts.push(all(s.allOf.map((branch) => acceptsValue(branch, value, inner))))
  if (s.anyOf !== undefined) {
    const branches = s.anyOf.map((branch) => acceptsValue(branch, value, inner))
    verdicts.push(branches.includes(true) ? true : branches.includes(undefined) ? undefined : false)
  }
  if (s.oneOf !== undefined) {
    const branches = s.oneOf.map((branch) => acceptsValue(branch, value, inner))
    const yes = branches.filter((v) => v === true).length
    const unsure = branches.filter((v) => v === undefined).length
    verdicts.push(yes > 1 ? false : yes === 1 && unsure === 0 ? true : yes + unsure === 0 ? false : undefined)
  }
  if (s.not !== undefined) {
    const inverse = acceptsValue(s.not, value, inner)
    verdicts.push(inverse === undefined ? undefined : !inverse)
  }
  const unknown = Object.keys(s).some((k) => !handled.has(k) && !isAnnotation(k) && k !== 'additionalItems' && k !== 'patternProperties' && k !== 'format')
  if (unknown) verdicts.push(undefined)
  return all(verdicts)
}
