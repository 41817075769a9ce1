import { describe, expect, it } from 'vitest'
import type { Finding } from '../checks/finding.js'
import { exchangeOf } from '../requirements/fixtures/recorded.js'
import type { CheckResult } from '../report/result.js'
import { answersOf, noteAnswers, restingAnswers } from './answerKey.js'
import { attachPassing } from './attachPassing.js'

const passed = (id: string, requirement: CheckResult['requirement']): CheckResult => ({
  id,
  requirement,
  level: 'MUST',
  title: id,
  status: 'passed',
  message: '',
  durationMs: 1,
})
const answer = exchangeOf(
  { jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x1', '0x2', false], id: 1 },
  { jsonrpc: '2.0', id: 1, result: [{ number: '0x2' }, { number: '0x1' }] },
)
const seen: Finding = {
  kind: 'wrong-value',
  message: 'seen in passing in the call of eth_getBlockRange by range.example: element 0 is block 2',
  exchange: answer,
}
const options = { strict: false, reproduce: () => 'curl it' }

describe('attachPassing', () => {
  it("fails the requirement's first result that judged it, with the call named, the answer cited and noted for the grouping", () => {
    const { results, unattached } = attachPassing(
      [passed('range.example', 'RANGE-SHAPE'), passed('range.order', 'RANGE-ORDER')],
      new Map([['RANGE-ORDER', { findings: [seen], count: 3 }]]),
      options,
    )
    expect(unattached).toEqual([])
    const order = results[1]!
    expect(order).toMatchObject({ status: 'failed', reproduce: 'curl it', findings: [{ kind: 'wrong-value' }] })
    expect(order.message).toBe(`${seen.message} (and 2 more seen in passing)`)
    expect(answersOf(order)).toEqual(restingAnswers([seen]))
    expect(results[0]!.status).toBe('passed')
  })

  it("leaves out an answer the requirement's own check already failed on: one cause, not two", () => {
    const own: CheckResult = {
      ...passed('range.order', 'RANGE-ORDER'),
      status: 'failed',
      message: 'element 0 is block 2',
      findings: [{ kind: 'wrong-value', message: 'element 0 is block 2' }],
    }
    noteAnswers(own, restingAnswers([{ ...seen, message: 'element 0 is block 2', exchange: structuredClone(answer) }]))
    const { results } = attachPassing([own], new Map([['RANGE-ORDER', { findings: [seen], count: 1 }]]), options)
    expect(results[0]).toBe(own)
  })

  it('says, rather than drops, what broke a requirement none of whose checks ran', () => {
    const { results, unattached } = attachPassing(
      [{ ...passed('range.order', 'RANGE-ORDER'), status: 'skipped' }],
      new Map([['RANGE-ORDER', { findings: [seen], count: 1 }]]),
      options,
    )
    expect(results[0]!.status).toBe('skipped')
    expect(unattached[0]).toMatch(/^1 answer\(s\) seen in passing break RANGE-ORDER, whose checks this run did not run: seen in passing/)
  })
})
