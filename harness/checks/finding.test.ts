import { describe, expect, it } from 'vitest'
import { FINDING_KINDS, kindRank, rankFindings, typed } from './finding.js'

describe('finding kinds', () => {
  it('are distinct, and "inconclusive" ranks last: it never outranks a failure', () => {
    expect(new Set(FINDING_KINDS).size).toBe(FINDING_KINDS.length)
    expect(kindRank('inconclusive')).toBe(FINDING_KINDS.length - 1)
    expect(kindRank('check-crashed')).toBe(0)
  })
  it('a finding without a kind is a violation', () => {
    expect(typed({ message: 'x' })).toEqual({ kind: 'violation', message: 'x' })
    expect(typed({ kind: 'no-answer', message: 'x' }).kind).toBe('no-answer')
  })
  it('rankFindings keeps the order within a kind and drops exact repeats only', () => {
    const findings = [
      { kind: 'wrong-value' as const, message: 'b', pointer: '/1' },
      { kind: 'schema-violation' as const, message: 'a' },
      { kind: 'wrong-value' as const, message: 'b', pointer: '/2' },
      { kind: 'wrong-value' as const, message: 'b', pointer: '/1' },
    ]
    expect(rankFindings(findings)).toEqual([findings[1], findings[0], findings[2]])
  })
})
