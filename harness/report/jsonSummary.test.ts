import { describe, expect, it } from 'vitest'
import { jsonSummary } from './jsonSummary.js'
import type { CheckResult } from './result.js'
import { sampleReport } from './sampleReport.js'

describe('jsonSummary', () => {
  it('names, for a check whose failure rests on the same answer as an earlier one, that check', () => {
    const failed = (id: string, sameCauseAs?: string): CheckResult => ({
      id,
      requirement: 'RPC-STANDARD',
      level: 'MUST',
      title: id,
      status: 'failed',
      message: 'eth_getBlockByNumber answers no block near the head',
      durationMs: 1,
      ...(sameCauseAs === undefined ? {} : { sameCauseAs }),
    })
    const report = sampleReport({ results: [failed('standard.eth_call.live'), failed('standard.eth_getCode.live', 'standard.eth_call.live')] })
    const checks = (JSON.parse(jsonSummary(report, { reportDir: null, written: [] })) as { checks: Array<{ id: string; sameCauseAs?: string }> }).checks
    expect(checks.map(({ id, sameCauseAs }) => [id, sameCauseAs])).toEqual([
      ['standard.eth_call.live', undefined],
      ['standard.eth_getCode.live', 'standard.eth_call.live'],
    ])
  })
})
