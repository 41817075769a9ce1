import { describe, expect, it } from 'vitest'
import { checkRangeOrder, rangeBlocks } from './RANGE-ORDER.js'
import { recorded, recordedResult, unanswered, withError, withResult } from './fixtures/recorded.js'

const blocks = (): Array<Record<string, unknown>> => recordedResult('range1to2')

describe('RANGE-ORDER judges, on answers of the reference', () => {
  it('pass the reference: blocks 1 and 2 for [1, 2]', () => {
    expect(checkRangeOrder(recorded('range1to2'), blocks(), 1, 2)).toEqual([])
  })

  it('wrong-value: a block missing (the end left out), with expected and got counts', () => {
    const short = blocks().slice(0, 1)
    const findings = checkRangeOrder(withResult('range1to2', short), short, 1, 2)
    expect(findings.map((f) => f.kind)).toEqual(['wrong-value'])
    expect(findings[0]).toMatchObject({ expected: 2, got: 1 })
  })

  it('wrong-value: descending, pointing at the element', () => {
    const reversed = blocks().reverse()
    const findings = checkRangeOrder(withResult('range1to2', reversed), reversed, 1, 2)
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([
      ['wrong-value', '/result/0/number'],
      ['wrong-value', '/result/1/number'],
    ])
  })

  it('rangeBlocks: the array of a correct answer; no-answer, unexpected-error, schema-violation otherwise', () => {
    expect(rangeBlocks(recorded('range1to2'), 'range')).toEqual({ blocks: blocks() })
    const kindOf = (read: ReturnType<typeof rangeBlocks>): string => ('finding' in read ? read.finding.kind : 'blocks')
    expect(kindOf(rangeBlocks(unanswered('range1to2'), 'range'))).toBe('no-answer')
    expect(kindOf(rangeBlocks(withError('range1to2', -32000), 'range'))).toBe('unexpected-error')
    expect(kindOf(rangeBlocks(withResult('range1to2', null), 'range'))).toBe('schema-violation')
  })
})
