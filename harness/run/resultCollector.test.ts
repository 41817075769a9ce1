import type { TestCase } from 'vitest/node'
import { describe, expect, it } from 'vitest'
import type { CheckResult } from '../report/result.js'
import { INCOMPLETE } from './certify.js'
import { ResultCollector } from './resultCollector.js'

const result = (id: string, status: CheckResult['status'], message = ''): CheckResult => ({ id, requirement: 'RPC-SUBSCRIBE', level: 'MUST', title: id, status, message, durationMs: 1 })

/** The parts of a vitest TestCase the collector reads. */
function testCase(meta: Record<string, unknown>): TestCase {
  return { meta: () => meta, result: () => ({ state: 'passed' }), name: 'a test', fullName: 'a test', diagnostic: () => undefined } as unknown as TestCase
}

describe('ResultCollector with checks run in the background', () => {
  it('keeps a background check out of the results until its settled result comes, then reports that one once', () => {
    const collector = new ResultCollector(null)
    collector.onTestCaseResult(testCase({ l2conf: result('subscribe.newHeads', 'failed', `${INCOMPLETE}: it ran in the background`), l2confBackground: true }))
    collector.onTestCaseResult(testCase({ l2conf: result('info.shape', 'passed') }))
    expect(collector.results.map((r) => r.id)).toEqual(['info.shape'])
    collector.onTestCaseResult(testCase({ l2confSettled: [result('subscribe.newHeads', 'passed')] }))
    collector.finish()
    expect(collector.results.map((r) => [r.id, r.status])).toEqual([['info.shape', 'passed'], ['subscribe.newHeads', 'passed']])
  })

  it('reports the provisional result of a background check the run never settled (it becomes not-run)', () => {
    const collector = new ResultCollector(null)
    collector.onTestCaseResult(testCase({ l2conf: result('subscribe.logs', 'failed', `${INCOMPLETE}: it ran in the background`), l2confBackground: true }))
    collector.finish()
    expect(collector.results).toEqual([result('subscribe.logs', 'failed', `${INCOMPLETE}: it ran in the background`)])
  })
})
