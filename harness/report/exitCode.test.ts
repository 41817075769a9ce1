import { describe, expect, it } from 'vitest'
import { exitCodeFor, verdictOf } from './exitCode.js'
import type { CheckResult } from './result.js'
import { sampleReport } from './sampleReport.js'

const withoutFailures = (): CheckResult[] => sampleReport().results.filter((result) => result.status !== 'failed')

describe('exitCodeFor', () => {
  it('is 1 when a check failed', () => {
    expect(exitCodeFor(sampleReport(), { strict: false })).toBe(1)
  })

  it('is 0 with warnings, known failures and skips only', () => {
    expect(exitCodeFor(sampleReport({ results: withoutFailures() }), { strict: false })).toBe(0)
  })

  it('is 1 under strict when a SHOULD check is still a warning', () => {
    expect(exitCodeFor(sampleReport({ results: withoutFailures() }), { strict: true })).toBe(1)
  })

  it('is 0 under strict when only INFO checks warn (and no MUST check is inconclusive)', () => {
    const results = withoutFailures()
      .filter((result) => result.status !== 'inconclusive')
      .map((result) => (result.status === 'warning' ? { ...result, level: 'INFO' as const } : result))
    expect(exitCodeFor(sampleReport({ results }), { strict: true })).toBe(0)
  })

  it('is 1 for an interrupted run, whatever ran', () => {
    expect(exitCodeFor(sampleReport({ results: withoutFailures(), interrupted: 'SIGINT' }), { strict: false })).toBe(1)
  })
})

describe('verdictOf', () => {
  const must = { id: 'range.order', requirement: 'RANGE-ORDER' as const, level: 'MUST' as const, title: 't', durationMs: 1 }
  it('is nothing-certified when every check was skipped, inconclusive or not run', () => {
    const results: CheckResult[] = [
      { ...must, status: 'skipped', message: 'not selected' },
      { ...must, id: 'b', status: 'inconclusive', message: 'the head moved' },
      { ...must, id: 'c', status: 'not-run', message: 'http is unusable: timed out' },
    ]
    expect(verdictOf(sampleReport({ results }), { strict: false })).toBe('nothing-certified')
    expect(exitCodeFor(sampleReport({ results: [] }), { strict: false })).toBe(1)
  })
  it('fails a strict run on a MUST check left inconclusive, and only warns without --strict', () => {
    const results: CheckResult[] = [
      { ...must, status: 'passed', message: '' },
      { ...must, id: 'b', status: 'inconclusive', message: 'the head moved' },
    ]
    expect(verdictOf(sampleReport({ results }), { strict: true })).toBe('fail')
    expect(verdictOf(sampleReport({ results }), { strict: false })).toBe('pass')
    const should = results.map((result) => ({ ...result, level: 'SHOULD' as const }))
    expect(verdictOf(sampleReport({ results: should }), { strict: true })).toBe('pass')
  })
  it('fails a run that certified something but left a MUST check not run (its transport unusable)', () => {
    const results: CheckResult[] = [
      { ...must, status: 'passed', message: '' },
      { ...must, id: 'b', status: 'not-run', message: 'ws is unusable: 3 answers with ids of no request' },
    ]
    expect(verdictOf(sampleReport({ results }), { strict: false })).toBe('fail')
    const should = results.map((result) => ({ ...result, level: 'SHOULD' as const }))
    expect(verdictOf(sampleReport({ results: should }), { strict: false })).toBe('pass')
  })
  it('is interrupted before anything else', () => {
    expect(verdictOf(sampleReport({ interrupted: 'SIGINT' }), { strict: false })).toBe('interrupted')
  })
})
