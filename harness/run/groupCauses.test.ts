import { describe, expect, it } from 'vitest'
import type { CheckResult, ResultStatus } from '../report/result.js'
import type { RestingAnswers } from './answerKey.js'
import { groupCauses } from './groupCauses.js'

const result = (id: string, status: ResultStatus = 'failed'): CheckResult => ({
  id,
  requirement: 'RPC-STANDARD',
  level: 'MUST',
  title: id,
  status,
  message: id,
  durationMs: 1,
})
const resting = (keys: string[], whole = true): RestingAnswers => ({ keys, whole })

/** Each result's id and the owner it points to. */
const pointers = (results: CheckResult[]): Array<[string, string | undefined]> => results.map((r) => [r.id, r.sameCauseAs])

describe('groupCauses', () => {
  it('points every check resting on one answer to the first of them, which points nowhere', () => {
    const results = [result('a'), result('b'), result('c')]
    const answers = new Map([
      ['a', resting(['sample'])],
      ['b', resting(['sample'])],
      ['c', resting(['sample'])],
    ])
    expect(pointers(groupCauses(results, answers))).toEqual([
      ['a', undefined],
      ['b', 'a'],
      ['c', 'a'],
    ])
  })

  it('never merges checks failing on different answers (two blocks are two causes)', () => {
    const results = [result('a'), result('b')]
    expect(
      pointers(
        groupCauses(
          results,
          new Map([
            ['a', resting(['block 1'])],
            ['b', resting(['block 2'])],
          ]),
        ),
      ),
    ).toEqual([
      ['a', undefined],
      ['b', undefined],
    ])
  })

  it('points to the first check holding every answer it rests on; one resting on more answers than any other points nowhere', () => {
    const results = [result('one'), result('both'), result('first-only'), result('second-only')]
    const answers = new Map([
      ['one', resting(['x'])],
      ['both', resting(['x', 'y'])],
      ['first-only', resting(['x'])],
      ['second-only', resting(['y'])],
    ])
    expect(pointers(groupCauses(results, answers))).toEqual([
      ['one', undefined],
      ['both', undefined],
      ['first-only', 'one'],
      ['second-only', 'both'],
    ])
  })

  it('leaves alone a check with a finding on no one answer, and results that do not fail', () => {
    const results = [result('a'), result('partial'), result('known', 'known-failure'), result('b', 'warning')]
    const answers = new Map([
      ['a', resting(['x'])],
      ['partial', resting(['x'], false)],
      ['known', resting(['x'])],
      ['b', resting(['x'])],
    ])
    expect(pointers(groupCauses(results, answers))).toEqual([
      ['a', undefined],
      ['partial', undefined],
      ['known', undefined],
      ['b', 'a'],
    ])
  })
})
