import * as fc from 'fast-check'
import { acceptsValue } from './acceptsValue.js'
import { address } from './address.js'
import { data } from './data.js'
import { hash32 } from './hash32.js'
import { isAnnotation, type JsonSchema, type JsonSchemaObject, type SchemaContext, unsupported } from './jsonSchema.js'
import { mergeSchemas } from './mergeSchemas.js'
import { quantity } from './quantity.js'
import { resolveSchema } from './resolveSchema.js'
import type { SharedPatternName } from './sharedPatterns.js'
import { schemaDomain } from './schemaDomain.js'
import type { JsonType } from './wrongJsonType.js'

/** The arbitrary serving each shared schema (openrpc.json components: quantity, data, hash32, address). */
export const domainArbitraries: Record<SharedPatternName, () => fc.Arbitrary<string>> = {
  // Mostly small: a block number, nonce or index that can exist on a real chain; sometimes any width.
  quantity: () => fc.oneof({ arbitrary: quantity({ max: 0xffffn }), weight: 3 }, { arbitrary: quantity(), weight: 1 }),
  data: () => data(),
  hash32: () => hash32(),
  address: () => address(),
}

const handled = new Set([
  '$ref',
  'type',
  'nullable',
  'const',
  'enum',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
])

const formats: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () => fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString()),
  date: () => fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
}
// OpenAPI's numeric formats say how wide a number is, not what a string looks like.
const numericFormats = new Set(['int32', 'int64', 'float', 'double'])

function at(context: SchemaContext, suffix: string): SchemaContext {
  return { ...context, pointer: `${context.pointer}/${suffix}` }
}

function omit(schema: JsonSchemaObject, keys: readonly string[]): JsonSchemaObject {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k)))
}

/** Keeps only values `keep` accepts, after checking on a fixed sample that enough pass (a filter that rejects all would spin forever). */
function guardedFilter(arb: fc.Arbitrary<unknown>, keep: (v: unknown) => boolean): fc.Arbitrary<unknown> | null {
  const passing = fc.sample(arb, { seed: 1, numRuns: 40 }).filter(keep).length
  return passing >= 4 ? arb.filter(keep) : null
}

function typesOf(s: JsonSchemaObject): JsonType[] | null {
  if (s.type !== undefined) return Array.isArray(s.type) ? s.type : [s.type]
  if (s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined) return ['object']
  if (s.items !== undefined || s.minItems !== undefined || s.maxItems !== undefined) return ['array']
  if (s.pattern !== undefined || s.minLength !== undefined || s.maxLength !== undefined || (s.format !== undefined && !numericFormats.has(s.format)))
    return ['string']
  if (s.minimum !== undefined || s.maximum !== undefined || s.multipleOf !== undefined) return ['number']
  return null
}

function numberArbitrary(s: JsonSchemaObject, integer: boolean, context: SchemaContext): fc.Arbitrary<number> {
  const exMin = s.exclusiveMinimum
  const exMax = s.exclusiveMaximum
  let min = typeof exMin === 'number' ? exMin : s.minimum
  let max = typeof exMax === 'number' ? exMax : s.maximum
  const minExcluded = typeof exMin === 'number' || exMin === true
  const maxExcluded = typeof exMax === 'number' || exMax === true
  const step = s.multipleOf ?? (integer ? 1 : undefined)
  if (step === undefined) {
    return fc.double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(min === undefined ? {} : { min, minExcluded }),
      ...(max === undefined ? {} : { max, maxExcluded }),
    })
  }
  // Multiples of `step` within the bounds: generate the multiplier.
  min ??= -(2 ** 31) * step
  max ??= (2 ** 31 - 1) * step
  let low = Math.ceil(min / step)
  let high = Math.floor(max / step)
  if (minExcluded && low * step <= min) low += 1
  if (maxExcluded && high * step >= max) high -= 1
  if (low > high) throw unsupported(context, 'no number satisfies the bounds')
  return fc.integer({ min: low, max: high }).map((k) => k * step)
}

function stringArbitrary(s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown> {
  if (s.format !== undefined && !numericFormats.has(s.format)) {
    const make = formats[s.format]
    if (make === undefined) throw unsupported(context, `no generator for format "${s.format}"`)
    return make()
  }
  if (s.pattern === undefined) return fc.string({ minLength: s.minLength ?? 0, maxLength: s.maxLength ?? Math.max(16, s.minLength ?? 0) })
  let matching: fc.Arbitrary<string>
  try {
    matching = fc.stringMatching(new RegExp(s.pattern))
  } catch (error) {
    throw unsupported(context, `no generator for pattern ${s.pattern}: ${(error as Error).message}`)
  }
  if (s.minLength === undefined && s.maxLength === undefined) return matching
  const fits = guardedFilter(matching, (v) => acceptsValue(s, v, context) === true)
  if (fits === null) throw unsupported(context, `pattern ${s.pattern} rarely meets the length bounds`)
  return fits
}

function arrayArbitrary(s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown> {
  if (Array.isArray(s.items)) {
    if ((s.minItems ?? 0) > s.items.length) throw unsupported(context, 'minItems beyond a tuple of items')
    return fc.tuple(...s.items.map((item, i) => validFromSchema(item, at(context, `items/${i}`))))
  }
  const item = s.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : validFromSchema(s.items, at(context, 'items'))
  const minLength = s.minItems ?? 0
  const maxLength = s.maxItems ?? minLength + 3
  if (s.uniqueItems === true) return fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
  return fc.array(item, { minLength, maxLength })
}

function objectArbitrary(s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown> {
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, property] of Object.entries(s.properties ?? {})) model[name] = validFromSchema(property, at(context, `properties/${name}`))
  for (const name of s.required ?? []) model[name] ??= fc.jsonValue({ maxDepth: 1 })
  return fc.record(model, { requiredKeys: s.required ?? [] })
}

function byType(type: JsonType, s: JsonSchemaObject, context: SchemaContext): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(s, context)
    case 'integer':
      return numberArbitrary(s, true, context)
    case 'number':
      return numberArbitrary(s, false, context)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return arrayArbitrary(s, context)
    case 'object':
      return objectArbitrary(s, context)
  }
}

function unionArbitrary(s: JsonSchemaObject, branches: readonly JsonSchema[], exclusive: boolean, context: SchemaContext): fc.Arbitrary<unknown> {
  const siblings = omit(s, ['oneOf', 'anyOf'])
  const plain = Object.keys(siblings).every(isAnnotation)
  const arbitraries: fc.Arbitrary<unknown>[] = []
  let firstError: unknown
  // A branch the siblings contradict (type string with a {type: null} branch) admits nothing: dropped.
  const merged: JsonSchema[] = []
  for (const branch of branches) {
    try {
      merged.push(plain ? branch : mergeSchemas(siblings, branch, context))
    } catch (error) {
      firstError ??= error
    }
  }
  merged.forEach((branch, i) => {
    try {
      let arb: fc.Arbitrary<unknown> | null = validFromSchema(branch, at(context, `${exclusive ? 'oneOf' : 'anyOf'}/${i}`))
      // oneOf: a value some other branch also takes is invalid; keep only those no other branch surely takes.
      if (exclusive) arb = guardedFilter(arb, (v) => merged.every((other, j) => j === i || acceptsValue(other, v, context) !== true))
      if (arb !== null) arbitraries.push(arb)
    } catch (error) {
      firstError ??= error
    }
  })
  if (arbitraries.length === 0) throw firstError ?? unsupported(context, 'no branch of the union can be generated')
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries)
}

/**
 * Values certainly valid against a JSON Schema (the `valid` mode of fromSchema): shared schemas
 * get their domain arbitrary; otherwise by keyword. Throws L2CONF_ERR_SPEC for what it cannot derive.
 */
export function validFromSchema(schema: unknown, context: SchemaContext): fc.Arbitrary<unknown> {
  const { schema: s, refName, context: inner } = resolveSchema(schema, context)
  if (s === true) return fc.jsonValue({ maxDepth: 2 })
  if (s === false) throw unsupported(inner, 'the schema `false` admits no value')
  const unknown = Object.keys(s).filter((k) => !handled.has(k) && !isAnnotation(k))
  if (unknown.length > 0) throw unsupported(inner, `no generator for keyword${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`)
  const domain = schemaDomain(s, refName)
  if (domain !== undefined) return domainArbitraries[domain]()
  if ('const' in s) return fc.constant(s.const)
  if (s.enum !== undefined) {
    const members = s.enum.filter((member) => acceptsValue(omit(s, ['enum']), member, inner) !== false)
    if (members.length === 0) throw unsupported(inner, 'no member of the enum satisfies the schema')
    return fc.constantFrom(...members)
  }
  if (s.allOf !== undefined)
    return validFromSchema(
      s.allOf.reduce<JsonSchema>((acc, branch) => mergeSchemas(acc, branch, inner), omit(s, ['allOf'])),
      inner,
    )
  if (s.oneOf !== undefined && s.anyOf !== undefined) throw unsupported(inner, 'both oneOf and anyOf')
  if (s.oneOf !== undefined) return unionArbitrary(s, s.oneOf, true, inner)
  if (s.anyOf !== undefined) return unionArbitrary(s, s.anyOf, false, inner)
  if (s.not !== undefined) {
    const not = s.not
    const kept = guardedFilter(validFromSchema(omit(s, ['not']), inner), (v) => acceptsValue(not, v, inner) === false)
    if (kept === null) throw unsupported(inner, '`not` rejects nearly every generated value')
    return kept
  }
  const types = typesOf(s)
  if (types === null) return fc.jsonValue({ maxDepth: 2 })
  const arbitraries = types.map((type) => byType(type, s, inner))
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries)
}
