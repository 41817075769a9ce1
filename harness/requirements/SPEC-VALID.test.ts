import { describe, expect, it } from 'vitest'
import { lintFindings, PROBLEMS_LISTED } from './SPEC-VALID.js'

describe('SPEC-VALID judge', () => {
  it('passes a spec without problems', () => {
    expect(lintFindings([], 'openrpc.json')).toEqual([])
  })
  it('spec-problem: each problem, then how many more past PROBLEMS_LISTED', () => {
    const problems = Array.from({ length: PROBLEMS_LISTED + 3 }, (_, i) => ({
      file: 'openrpc.json',
      pointer: `/methods/${i}`,
      message: 'must have required property name',
    }))
    const findings = lintFindings(problems, 'openrpc.json')
    expect(findings).toHaveLength(PROBLEMS_LISTED + 1)
    expect(new Set(findings.map((f) => f.kind))).toEqual(new Set(['spec-problem']))
    expect(findings[0]!.message).toBe('openrpc.json#/methods/0: must have required property name')
    expect(findings.at(-1)!.message).toBe('and 3 more problems (run l2conf lint openrpc.json)')
  })
})
