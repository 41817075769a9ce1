import { describe, expect, it } from 'vitest'
import { deselectionReason, globToRegExp, unmatchedGlobs } from './selection.js'

describe('deselectionReason', () => {
  const range = { id: 'range.order', requirement: 'RANGE-ORDER' }
  it('runs everything without globs', () => {
    expect(deselectionReason({ only: [], skip: [] }, range)).toBeNull()
  })
  it('matches --only on the requirement or the id, case-insensitively', () => {
    expect(deselectionReason({ only: ['RANGE-*'], skip: [] }, range)).toBeNull()
    expect(deselectionReason({ only: ['range.*'], skip: [] }, range)).toBeNull()
    expect(deselectionReason({ only: ['rest-*'], skip: [] }, range)).toBe('not selected by --only rest-*')
  })
  it('lets --skip win over --only', () => {
    expect(deselectionReason({ only: ['RANGE-*'], skip: ['*.order'] }, range)).toBe('skipped by --skip *.order')
  })
  it('treats regex characters in a glob literally', () => {
    expect(globToRegExp('a.b').test('axb')).toBe(false)
    expect(globToRegExp('a?b').test('axb')).toBe(true)
  })
})

describe('unmatchedGlobs', () => {
  const checks = [
    { id: 'range.order', requirement: 'RANGE-ORDER' },
    { id: 'gas.shape', requirement: 'GAS-SHAPE' },
  ]
  const requirements = ['RANGE-ORDER', 'GAS-SHAPE', 'LIMITS']
  it('accepts globs that match a check id, a requirement of a check, or a requirement with no check', () => {
    expect(unmatchedGlobs({ only: ['range.*', 'gas-shape', 'LIMITS'], skip: ['RANGE-*'] }, checks, requirements)).toEqual([])
  })
  it('names every glob that matches nothing, even beside globs that match', () => {
    expect(unmatchedGlobs({ only: ['RANGE-*', 'RNGE-*'], skip: ['nothing.here'] }, checks, requirements)).toEqual([
      { flag: '--only', glob: 'RNGE-*' },
      { flag: '--skip', glob: 'nothing.here' },
    ])
  })
})
