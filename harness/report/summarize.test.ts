import { describe, expect, it } from 'vitest'
import { sampleReport } from './sampleReport.js'
import { summarize } from './summarize.js'

describe('summarize', () => {
  it('counts each status once; an unexpected pass is a pass, an older inconclusive skip inconclusive', () => {
    expect(summarize(sampleReport().results)).toEqual({ passed: 5, failed: 1, skipped: 1, warnings: 1, knownFailures: 1, inconclusive: 1, notRun: 0 })
  })

  it('is all zeros for no results', () => {
    expect(summarize([])).toEqual({ passed: 0, failed: 0, skipped: 0, warnings: 0, knownFailures: 0, inconclusive: 0, notRun: 0 })
  })
})
