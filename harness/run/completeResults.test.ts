import { describe, expect, it } from 'vitest'
import type { CheckResult } from '../report/result.js'
import { INCOMPLETE, type DeclaredCheck } from './certify.js'
import { completeResults } from './completeResults.js'

const spec = (id: string, requirement: DeclaredCheck['requirement'] = 'RANGE-ORDER'): DeclaredCheck => ({ id, requirement, level: 'MUST', title: id })
const catalogue = [spec('a'), spec('b'), spec('c'), spec('d', 'LIMITS')]

describe('completeResults', () => {
  it('lists every check once: verdicts kept, the cut-off one and the unstarted ones not-run, deselected ones skipped', () => {
    const results: CheckResult[] = [
      { ...spec('a'), status: 'passed', message: '', durationMs: 3 },
      { ...spec('b'), status: 'failed', message: INCOMPLETE, durationMs: 0 },
      { ...spec('b'), status: 'failed', message: `${INCOMPLETE}: the run was cancelled`, durationMs: 0 },
    ]
    const complete = completeResults(results, catalogue, { only: [], skip: ['LIMITS'] }, 'interrupted by SIGINT')
    expect(complete.map((r) => [r.id, r.status, r.message])).toEqual([
      ['a', 'passed', ''],
      ['b', 'not-run', 'interrupted by SIGINT while this check ran'],
      ['c', 'not-run', 'interrupted by SIGINT before this check ran'],
      ['d', 'skipped', 'skipped by --skip LIMITS'],
    ])
  })
  it('never lets a provisional result replace a verdict', () => {
    const results: CheckResult[] = [
      { ...spec('a'), status: 'failed', message: 'block 0x1 came twice', durationMs: 3 },
      { ...spec('a'), status: 'failed', message: INCOMPLETE, durationMs: 0 },
    ]
    expect(completeResults(results, [spec('a')], { only: [], skip: [] }, 'stopped')[0]).toMatchObject({ status: 'failed', message: 'block 0x1 came twice' })
  })
})
