import { describe, expect, it } from 'vitest'
import type { Report } from './result.js'
import { reportSchemaErrors } from './reportSchemaErrors.js'
import { sampleReport } from './sampleReport.js'
import { summarize } from './summarize.js'

/** The sample report as `l2conf run` now writes it (the fields of schemaVersion 2 filled in). */
function current(overrides: Partial<Report> = {}): Report {
  const report = sampleReport(overrides)
  return {
    schemaVersion: 2,
    verdict: 'fail',
    exitCode: 1,
    selection: { only: [], skip: [] },
    options: { runs: 20 },
    ...report,
    summary: summarize(report.results),
    ...overrides,
  }
}

describe('reportSchemaErrors', () => {
  it('accepts a report as the CLI writes it', () => {
    expect(reportSchemaErrors(current())).toEqual([])
  })
  it('accepts the form of each limit (limitForms), and a report written before it had any', () => {
    expect(reportSchemaErrors(current({ limits: { maxResponseBytes: '>=10485749' }, limitForms: { maxResponseBytes: 'at-least' } }))).toEqual([])
    expect(reportSchemaErrors(current({ limits: { maxResponseBytes: '>=10485749' } }))).toEqual([])
    const wrong = JSON.parse(JSON.stringify(current({ limitForms: { maxResponseBytes: 'at-least' } }))) as { limitForms: Record<string, string> }
    wrong.limitForms.maxResponseBytes = 'roughly'
    expect(reportSchemaErrors(wrong)).toContain('/limitForms/maxResponseBytes must be equal to one of the allowed values')
  })
  it('names what is wrong: an unknown status, a missing verdict', () => {
    const report = current()
    const bad = { ...report, verdict: undefined, results: [{ ...report.results[0], status: 'green' }] }
    const errors = reportSchemaErrors(JSON.parse(JSON.stringify(bad)))
    expect(errors).toContain("/ must have required property 'verdict'")
    expect(errors.some((line) => line.startsWith('/results/0/status must be equal to one of the allowed values'))).toBe(true)
  })
})
