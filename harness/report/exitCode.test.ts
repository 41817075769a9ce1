import { describe, expect, it } from 'vitest'
import { exitCodeFor } from './exitCode.js'
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

  it('is 0 under strict when only INFO checks warn', () => {
    const results = withoutFailures().map((result) => (result.status === 'warning' ? { ...result, level: 'INFO' as const } : result))
    expect(exitCodeFor(sampleReport({ results }), { strict: true })).toBe(0)
  })

  it('is 1 for an interrupted run, whatever ran', () => {
    expect(exitCodeFor(sampleReport({ results: withoutFailures(), interrupted: 'SIGINT' }), { strict: false })).toBe(1)
  })
})
