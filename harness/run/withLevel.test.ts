import { describe, expect, it } from 'vitest'
import { withLevel } from './check.js'

describe('withLevel: a check is certified at its requirement\'s level', () => {
  it('fills the level in from the requirement table', () => {
    expect(withLevel({ id: 'range.order', requirement: 'RANGE-ORDER', title: 't' }).level).toBe('MUST')
    expect(withLevel({ id: 'errors.parse', requirement: 'RPC-ERRORS', title: 't' }).level).toBe('SHOULD')
    expect(withLevel({ id: 'limits.batch', requirement: 'LIMITS', title: 't' }).level).toBe('INFO')
  })
  it('accepts a stated level that agrees, and refuses one that does not', () => {
    expect(withLevel({ id: 'range.order', requirement: 'RANGE-ORDER', level: 'MUST', title: 't' }).level).toBe('MUST')
    expect(() => withLevel({ id: 'range.invalid.reversed', requirement: 'RANGE-INVALID', level: 'MUST', title: 't' })).toThrow('check range.invalid.reversed states level MUST, but RANGE-INVALID is SHOULD')
  })
})
