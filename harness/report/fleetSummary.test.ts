import { describe, expect, it } from 'vitest'
import { cellOf, fleetExitCode, fleetSummary } from './fleetSummary.js'
import type { CheckResult, Report } from './result.js'
import { sampleReport } from './sampleReport.js'

const result = (status: CheckResult['status'], requirement: CheckResult['requirement'] = 'RANGE-ORDER'): CheckResult => ({
  id: `x.${status}`,
  requirement,
  level: 'MUST',
  title: '',
  status,
  message: '',
  durationMs: 0,
})

describe('the fleet summary', () => {
  it('gives each requirement on a target the worst status of its checks there', () => {
    expect(cellOf([result('passed'), result('failed'), result('warning')])).toBe('failed')
    expect(cellOf([result('passed'), result('not-run')])).toBe('not-run')
    expect(cellOf([result('passed'), result('inconclusive')])).toBe('inconclusive')
    expect(cellOf([result('passed'), result('skipped')])).toBe('passed')
    expect(cellOf([result('skipped')])).toBe('skipped')
    expect(cellOf([])).toBe('none')
  })
  it('exits 1 when a target failed, else 3 when one was unreachable, else 0', () => {
    expect(fleetExitCode([0, 0])).toBe(0)
    expect(fleetExitCode([0, 3])).toBe(3)
    expect(fleetExitCode([3, 1, 0])).toBe(1)
  })
  it('builds the matrix in the requirement table order, a row per target in the fleet file order', () => {
    const passing: Report = { ...sampleReport(), results: [result('passed'), result('passed', 'GAS-SHAPE')], verdict: 'pass', exitCode: 0 }
    const failing: Report = { ...sampleReport(), results: [result('failed'), result('passed', 'GAS-SHAPE')], verdict: 'fail', exitCode: 1 }
    const fleet = fleetSummary(
      [
        { name: 'b', reportDir: 'b', report: passing },
        { name: 'a', reportDir: 'a', report: failing },
      ],
      { startedAt: '2026-01-01T00:00:00.000Z', tool: { name: 'l2conf', version: '0' } },
    )
    expect(fleet.targets.map((t) => t.name)).toEqual(['b', 'a'])
    expect(fleet.matrix.b).toMatchObject({ 'RANGE-ORDER': 'passed', 'GAS-SHAPE': 'passed', 'REST-SHAPE': 'none' })
    expect(fleet.matrix.a).toMatchObject({ 'RANGE-ORDER': 'failed', 'GAS-SHAPE': 'passed' })
    expect(fleet.requirements.indexOf('RANGE-ORDER')).toBeLessThan(fleet.requirements.indexOf('GAS-SHAPE'))
    expect(fleet).toMatchObject({ verdict: 'fail', exitCode: 1 })
  })
})
