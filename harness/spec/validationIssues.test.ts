import { describe, expect, it } from 'vitest'
import { createSpecAjv } from './specAjv.js'
import { toValidationIssues } from './validationIssues.js'

function issues(schema: object, value: unknown) {
  const validate = createSpecAjv().compile(schema)
  return validate(value) ? [] : toValidationIssues(validate.errors)
}

const hash = { type: 'string', pattern: '^0x[0-9a-f]{4}$' }

describe('toValidationIssues', () => {
  it('reports the deepest failure of an alternative, not every branch', () => {
    expect(issues({ oneOf: [hash, { type: 'null' }] }, '0xZZ')).toEqual([{ pointer: '', message: 'must match pattern "^0x[0-9a-f]{4}$"' }])
    expect(issues({ oneOf: [hash, { type: 'null' }] }, 5)).toEqual([{ pointer: '', message: 'must be string or null' }])
    const item = { type: 'object', required: ['hash'], properties: { hash } }
    expect(issues({ type: 'array', items: { anyOf: [hash, item] } }, [{ hash: 'x' }])).toEqual([
      { pointer: '/0/hash', message: 'must match pattern "^0x[0-9a-f]{4}$"' },
    ])
  })

  it('joins alternatives that fail side by side at one place', () => {
    expect(issues({ oneOf: [hash, { enum: ['latest', 'pending'] }] }, 'soon')).toEqual([
      { pointer: '', message: 'must match pattern "^0x[0-9a-f]{4}$", or must be one of ["latest","pending"]' },
    ])
  })

  it('names the offending member of a closed object, and what is missing', () => {
    expect(issues({ type: 'object', additionalProperties: false, required: ['a'], properties: { a: {} } }, { b: 1 })).toEqual([
      { pointer: '', message: "must have required property 'a'" },
      { pointer: '/b', message: 'is not allowed (no additional properties here)' },
    ])
  })

  it('escapes member names in pointers', () => {
    expect(issues({ type: 'object', properties: { 'a/b': { type: 'integer' } } }, { 'a/b': 'x' })).toEqual([{ pointer: '/a~1b', message: 'must be integer' }])
  })
})
