import { describe, expect, it } from 'vitest'
import { compareSchemas, locate } from './compareSchemas.js'

function deltas(a: unknown, b: unknown): Array<[string, string]> {
  const docA = { s: a, defs: { Node: { type: 'object', properties: { next: { $ref: '#/defs/Node' }, v: { type: 'string' } } } } }
  const docB = { s: b, defs: { Node: { type: 'object', properties: { next: { $ref: '#/defs/Node' }, v: { type: 'string', maxLength: 4 } } } } }
  return compareSchemas(docA, docB, locate(docA, '/s')!, locate(docB, '/s')!).map((d) => [d.change, d.what])
}

describe('compareSchemas', () => {
  it('reads an integer as a narrower number', () => {
    expect(deltas({ type: 'number' }, { type: 'integer' })).toEqual([['narrowed', 'type number -> integer']])
    expect(deltas({ type: 'integer' }, { type: 'number' })).toEqual([['widened', 'type integer -> number']])
    expect(deltas({ type: 'string' }, { type: 'boolean' })).toEqual([['changed', 'type string -> boolean']])
  })

  it('compares bounds by their direction', () => {
    expect(deltas({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 })).toEqual([['narrowed', 'maxLength 10 -> 5']])
    expect(deltas({ type: 'integer', minimum: 1 }, { type: 'integer' })).toEqual([['widened', 'minimum 1 -> none']])
  })

  it('reads OpenAPI nullable as the type null', () => {
    expect(deltas({ type: 'string', nullable: true }, { type: 'string' })).toEqual([['narrowed', 'type string | null -> string']])
  })

  it('closing an object narrows it; more oneOf branches widen it, more allOf parts narrow it', () => {
    expect(deltas({ type: 'object' }, { type: 'object', additionalProperties: false })).toEqual([['narrowed', 'no other properties allowed any more']])
    expect(deltas({ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([['widened', 'oneOf has 2 branches (was 1)']])
    expect(deltas({ allOf: [{ type: 'string' }] }, { allOf: [{ type: 'string' }, { minLength: 1 }] })).toEqual([['narrowed', 'allOf has 2 branches (was 1)']])
  })

  it('follows recursive $refs once, and finds the change inside them', () => {
    expect(deltas({ $ref: '#/defs/Node' }, { $ref: '#/defs/Node' })).toEqual([['narrowed', '.v: maxLength none -> 4']])
  })

  it('finds nothing between equal schemas written differently (key order, enum order)', () => {
    expect(deltas({ type: 'string', enum: ['a', 'b'] }, { enum: ['b', 'a'], type: 'string' })).toEqual([])
  })
})
