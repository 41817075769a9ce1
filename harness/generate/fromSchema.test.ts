import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { fromSchema, invalidParamValues } from './fromSchema.js'
import { sharedPatterns } from './sharedPatterns.js'

// Shaped like openrpc.json's components/schemas (the shared schemas fixed for the project).
const schemas: Record<string, unknown> = {
  quantity: { title: 'quantity', type: 'string', pattern: sharedPatterns.quantity },
  data: { title: 'data', type: 'string', pattern: sharedPatterns.data },
  hash32: { title: 'hash32', type: 'string', pattern: sharedPatterns.hash32 },
  address: { title: 'address', type: 'string', pattern: sharedPatterns.address },
  blockTag: { title: 'blockTag', type: 'string', enum: ['earliest', 'latest', 'pending'] },
  blockNumberOrTag: { title: 'blockNumberOrTag', oneOf: [{ $ref: '#/components/schemas/quantity' }, { $ref: '#/components/schemas/blockTag' }] },
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const params: Record<string, unknown> = {
  quantity: ref('quantity'),
  data: ref('data'),
  hash32: ref('hash32'),
  address: ref('address'),
  blockTag: ref('blockTag'),
  blockNumberOrTag: ref('blockNumberOrTag'),
  'inline quantity pattern': { type: 'string', pattern: sharedPatterns.quantity },
  boolean: { type: 'boolean' },
  uint64: { type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]{0,15})$' },
  'bounded integer': { type: 'integer', minimum: 1, maximum: 1000 },
  'exclusive number': { type: 'number', exclusiveMinimum: 0, maximum: 100 },
  'subscription name': { type: 'string', enum: ['newHeads', 'logs', 'newPendingTransactions', 'syncing'] },
  'hashes, 1 to 3': { type: 'array', items: ref('hash32'), minItems: 1, maxItems: 3 },
  'call object': {
    type: 'object',
    required: ['to'],
    additionalProperties: false,
    properties: { from: ref('address'), to: ref('address'), gas: ref('quantity'), value: ref('quantity'), data: ref('data') },
  },
  'log filter': {
    type: 'object',
    properties: {
      fromBlock: ref('blockNumberOrTag'),
      toBlock: ref('blockNumberOrTag'),
      address: { oneOf: [ref('address'), { type: 'array', items: ref('address') }] },
      topics: { type: 'array', items: { oneOf: [{ type: 'null' }, ref('hash32'), { type: 'array', items: ref('hash32') }] } },
    },
  },
  'allOf object': {
    allOf: [
      { type: 'object', required: ['symbol'], properties: { symbol: { type: 'string' } } },
      { properties: { price: { type: 'number', minimum: 0 } }, required: ['price'] },
    ],
  },
  'comma-separated addresses': { type: 'string', pattern: '^0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,19}$' },
  'tuple of tag and bool': { type: 'array', items: [ref('blockTag'), { type: 'boolean' }] },
  'nullable string': { type: 'string', nullable: true, maxLength: 5 },
  'date-time': { type: 'string', format: 'date-time' },
}

const ajv = new Ajv({ strict: false })
addFormats.default(ajv)
// The components ride along in the root, so "#/components/schemas/<name>" resolves as in the spec.
const validatorFor = (schema: unknown) => ajv.compile({ allOf: [schema], components: { schemas } })

describe('fromSchema(): the laws for every schema shape the specs use', () => {
  for (const [name, schema] of Object.entries(params)) {
    const validate = validatorFor(schema)
    it(`valid ${name}: every value validates, deterministically, shrinks too`, () => {
      expect(
        arbitraryLawViolations(
          () => fromSchema(schema, { mode: 'valid', components: schemas }),
          (v) => validate(v),
          { numRuns: 40 },
        ),
      ).toEqual([])
    })
    it(`invalid ${name}: no value validates, none is null`, () => {
      expect(
        arbitraryLawViolations(
          () => fromSchema(schema, { mode: 'invalid', components: schemas }),
          (v) => v !== null && !validate(v),
          { numRuns: 40 },
        ),
      ).toEqual([])
    })
  }
})

describe('fromSchema(): domains and details', () => {
  it('serves the shared schemas with the domain arbitraries (canonical quantities, both address cases)', () => {
    const quantities = fc.sample(fromSchema(ref('quantity'), { mode: 'valid', components: schemas }), { seed: 1, numRuns: 100 }) as string[]
    expect(quantities.every((q) => new RegExp(sharedPatterns.quantity).test(q))).toBe(true)
    const addresses = fc.sample(fromSchema(ref('address'), { mode: 'valid', components: schemas }), { seed: 1, numRuns: 100 }) as string[]
    expect(addresses.some((a) => a !== a.toLowerCase())).toBe(true)
  })

  it('makes near misses for a block parameter: leading zeros, misspelt tags, wrong types', () => {
    const values = fc.sample(fromSchema(ref('blockNumberOrTag'), { mode: 'invalid', components: schemas }), { seed: 4, numRuns: 400 })
    expect(values.some((v) => typeof v === 'string' && /^0x0[0-9a-f]/.test(v))).toBe(true)
    expect(values.some((v) => typeof v === 'string' && /latest|pending|earliest/.test(v))).toBe(true)
    expect(values.some((v) => typeof v === 'number')).toBe(true)
    expect(values.some((v) => typeof v === 'boolean')).toBe(true)
  })

  it('breaks one thing in an object: a dropped required key or a bad property, never just an unknown key', () => {
    const values = fc.sample(fromSchema(params['call object'], { mode: 'invalid', components: schemas }), { seed: 5, numRuns: 400 })
    const objects = values.filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v))
    expect(objects.some((o) => !('to' in o))).toBe(true)
    // JSON-RPC servers ignore members they do not know (geth's decoder does): an extra key is no probe.
    expect(objects.some((o) => 'l2confUnexpected' in o)).toBe(false)
    expect(objects.some((o) => typeof o.to === 'string' && !new RegExp(sharedPatterns.address).test(o.to))).toBe(true)
  })

  it('makes null only when asked', () => {
    const values = fc.sample(fromSchema(ref('quantity'), { mode: 'invalid', components: schemas, includeNull: true }), { seed: 6, numRuns: 400 })
    expect(values).toContain(null)
  })

  it('takes the whole components object as well as its schemas', () => {
    const values = fc.sample(fromSchema(ref('blockTag'), { mode: 'valid', components: { schemas } }), { seed: 7, numRuns: 30 })
    expect(new Set(values)).toEqual(new Set(['earliest', 'latest', 'pending']))
  })

  it('answers a spec error with a pointer for what it cannot derive', () => {
    const attempts: Array<[unknown, 'valid' | 'invalid']> = [
      [{}, 'invalid'],
      [{ type: 'object', minProperties: 2 }, 'valid'],
      [{ type: 'object', properties: { when: { type: 'string', format: 'hostname-ish' } } }, 'valid'],
      [ref('nowhere'), 'valid'],
      [{ $ref: 'other.json#/x' }, 'valid'],
    ]
    for (const [schema, mode] of attempts) {
      let caught: unknown
      try {
        fromSchema(schema, { mode, components: schemas })
      } catch (error) {
        caught = error
      }
      expect(isHarnessError(caught, 'L2CONF_ERR_SPEC'), JSON.stringify(schema)).toBe(true)
    }
    expect(() => fromSchema(params['log filter'], { mode: 'valid', components: {} })).toThrow(/components\/schemas\/blockNumberOrTag names no schema/)
    expect(() => fromSchema({ type: 'object', properties: { when: { format: 'hostname-ish' } } }, { mode: 'valid' })).toThrow(
      /at \/properties\/when: no generator for format/,
    )
    expect(invalidParamValues({}, { components: schemas })).toBeNull()
  })
})
