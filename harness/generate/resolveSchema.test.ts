import { describe, expect, it } from 'vitest'
import type { SchemaContext } from './jsonSchema.js'
import { resolveSchema } from './resolveSchema.js'

const context = (schemas: Record<string, unknown>): SchemaContext => ({ schemas, pointer: '/p', following: [], includeNull: false })

describe('resolveSchema()', () => {
  it('follows a chain of component refs and remembers the last name', () => {
    const resolved = resolveSchema({ $ref: '#/components/schemas/a' }, context({ a: { $ref: '#/components/schemas/b' }, b: { type: 'string' } }))
    expect(resolved.schema).toEqual({ type: 'string' })
    expect(resolved.refName).toBe('b')
    expect(resolveSchema({ type: 'boolean' }, context({})).refName).toBeUndefined()
  })

  it('stops on cycles, foreign refs, missing names and non-schemas', () => {
    expect(() => resolveSchema({ $ref: '#/components/schemas/a' }, context({ a: { $ref: '#/components/schemas/a' } }))).toThrow(/refers to itself/)
    expect(() => resolveSchema({ $ref: 'https://example.com/s.json' }, context({}))).toThrow(/only #\/components\/schemas/)
    expect(() => resolveSchema({ $ref: '#/components/schemas/zz' }, context({}))).toThrow(
      'cannot derive values at /p: #/components/schemas/zz names no schema in components',
    )
    expect(() => resolveSchema(42, context({}))).toThrow(/not a schema: 42/)
  })
})
