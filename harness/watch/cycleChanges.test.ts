import { describe, expect, it } from 'vitest'
import type { CheckResult, ResultStatus } from '../report/result.js'
import { carryStatuses, cycleChanges } from './cycleChanges.js'

const result = (id: string, status: ResultStatus): CheckResult => ({
  id,
  requirement: 'RPC-STANDARD',
  level: 'MUST',
  title: id,
  status,
  message: '',
  durationMs: 1,
})

describe('cycleChanges', () => {
  it('says a check that starts failing and one that recovers, once each', () => {
    const first = [result('a', 'passed'), result('b', 'failed')]
    expect(cycleChanges(null, first).map((c) => [c.kind, c.result.id])).toEqual([['check-failing', 'b']])
    const kept = carryStatuses(null, first)
    const second = [result('a', 'failed'), result('b', 'passed')]
    expect(cycleChanges(kept, second).map((c) => [c.kind, c.result.id, c.before])).toEqual([
      ['check-failing', 'a', 'passed'],
      ['check-recovered', 'b', 'failed'],
    ])
    const third = carryStatuses(kept, second)
    expect(cycleChanges(third, [result('a', 'failed'), result('b', 'passed')])).toEqual([])
  })

  it('keeps the last verdict of a check the cycle could not run', () => {
    const kept = carryStatuses(null, [result('a', 'failed')])
    const cut = [result('a', 'not-run')]
    expect(cycleChanges(kept, cut)).toEqual([])
    expect(carryStatuses(kept, cut).get('a')).toBe('failed')
  })
})
