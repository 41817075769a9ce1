import { describe, expect, it } from 'vitest'
import { sampleReport } from './sampleReport.js'
import { summarize } from './summarize.js'

describe('summarize', () => {
  it('counts each status once; an unexpected pass is a pass, an inconclusive check a skip', () => {
    expect(summarize(sampleReport().results)).toEqual({ passed: 5, failed: 1, skipped: 2, warnings: 1, knownFailures: 1 })
  })

  it('is all zeros for no results', () => {
    expect(summarize([])).toEqual({ passed: 0, failed: 0, skipped: 0, warnings: 0, knownFailures: 0 })
  })
})
