import { Ajv } from 'ajv'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptsValue } from './acceptsValue.js'
import type { SchemaContext } from './jsonSchema.js'

const schemas = { tag: { type: 'string', enum: ['latest', 'pending'] }, hex: { type: 'string', pattern: '^0x[0-9a-f]+$' } }
const context: SchemaContext = { schemas, pointer: '', following: [], includeNull: false }
const ajv = new Ajv({ strict: false })

const cases: unknown[] = [
  { type: 'string', minLength: 2, maxLength: 4 },
  { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
  { type: 'number', multipleOf: 0.5 },
  { oneOf: [{ $ref: '#/components/schemas/hex' }, { $ref: '#/components/schemas/tag' }] },
  { anyOf: [{ type: 'null' }, { type: 'array', items: { type: 'boolean' }, maxItems: 2 }] },
  { type: 'object', required: ['a'], properties: { a: { const: 1 } }, additionalProperties: false },
  { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], minItems: 1 },
  { not: { type: 'string' } },
  { allOf: [{ type: 'string' }, { pattern: 'x' }] },
  { type: 'string', format: 'email' },
  { type: 'array', uniqueItems: true },
]

describe('acceptsValue()', () => {
  it.each(cases)('never contradicts ajv on %j: it answers only where certain', (schema) => {
    const validate = ajv.compile({ allOf: [schema], components: { schemas } })
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), (value) => {
        const verdict = acceptsValue(schema, value, context)
        return verdict === undefined || verdict === validate(value)
      }),
      { seed: 11, numRuns: 300 },
    )
  })

  it('is sure of what it can check and unsure of what it cannot', () => {
    expect(acceptsValue({ $ref: '#/components/schemas/hex' }, '0x1f', context)).toBe(true)
    expect(acceptsValue({ $ref: '#/components/schemas/hex' }, '0x1F', context)).toBe(false)
    expect(acceptsValue({ type: 'string', format: 'email' }, 'a@b.c', context)).toBeUndefined()
    expect(acceptsValue({ type: 'string', format: 'email' }, 7, context)).toBe(false)
    expect(acceptsValue({ type: 'string', nullable: true }, null, context)).toBe(true)
    expect(acceptsValue({ type: 'integer', minimum: 1, exclusiveMinimum: true }, 1, context)).toBe(false)
    expect(acceptsValue({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, 3, context)).toBe(false)
  })
})
