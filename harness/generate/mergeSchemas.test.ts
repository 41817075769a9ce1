import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import type { SchemaContext } from './jsonSchema.js'
import { mergeSchemas } from './mergeSchemas.js'

const context: SchemaContext = {
  schemas: { base: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  pointer: '/x',
  following: [],
  includeNull: false,
}

describe('mergeSchemas()', () => {
  it('unites properties and required, follows refs, tightens bounds, intersects types', () => {
    expect(mergeSchemas({ $ref: '#/components/schemas/base' }, { required: ['n'], properties: { n: { type: 'integer' } } }, context)).toEqual({
      type: 'object',
      required: ['id', 'n'],
      properties: { id: { type: 'string' }, n: { type: 'integer' } },
    })
    expect(mergeSchemas({ type: ['number', 'string'], minimum: 1, maximum: 9 }, { type: 'integer', minimum: 3, maximum: 20 }, context)).toEqual({
      type: 'integer',
      minimum: 3,
      maximum: 9,
    })
    expect(mergeSchemas({ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'integer' }] }, context)).toEqual({
      oneOf: [{ type: 'string' }],
      allOf: [{ oneOf: [{ type: 'integer' }] }],
    })
    expect(mergeSchemas(true, { type: 'string' }, context)).toEqual({ type: 'string' })
    expect(mergeSchemas(false, { type: 'string' }, context)).toBe(false)
  })

  it('refuses constraints it cannot merge, naming where', () => {
    let caught: unknown
    try {
      mergeSchemas({ pattern: 'a' }, { pattern: 'b' }, context)
    } catch (error) {
      caught = error
    }
    expect(isHarnessError(caught, 'L2CONF_ERR_SPEC')).toBe(true)
    expect((caught as Error).message).toBe('cannot derive values at /x: allOf branches disagree on "pattern"')
    expect(() => mergeSchemas({ type: 'string' }, { type: 'null' }, context)).toThrow(/admit no common type/)
  })
})
