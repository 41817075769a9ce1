import { describe, expect, it } from 'vitest'
import { checkRangeElement, checkSameBlock } from './RANGE-CONSISTENT.js'
import { recorded, recordedResult, unanswered, withResult } from './fixtures/recorded.js'

const first = (): Record<string, unknown> => recordedResult<Array<Record<string, unknown>>>('range1to2')[0]!

describe('RANGE-CONSISTENT judges, on answers of the reference', () => {
  it('pass the reference: block 1 of the range is block 1 by number and by hash', () => {
    expect(checkSameBlock(first(), 'eth_getBlockByNumber', recorded('block1'))).toEqual([])
    expect(checkSameBlock(first(), 'eth_getBlockByHash', recorded('block1ByHash'))).toEqual([])
    expect(checkRangeElement(recorded('range1to2'), first(), 0)).toEqual([])
  })

  it('inconsistent: the lookup answers another stateRoot, pointing at it', () => {
    const other = { ...recordedResult<Record<string, unknown>>('block1'), stateRoot: `0x${'00'.repeat(32)}` }
    const findings = checkSameBlock(first(), 'eth_getBlockByNumber', withResult('block1', other))
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/stateRoot']])
  })

  it('inconsistent: a lookup with no answer is not the same block', () => {
    expect(checkSameBlock(first(), 'eth_getBlockByHash', unanswered('block1ByHash')).map((f) => f.kind)).toEqual(['inconsistent'])
  })

  it('schema-violation: an element that is not a block object', () => {
    expect(checkRangeElement(recorded('range1to2'), '0x1', 0).map((f) => [f.kind, f.pointer])).toEqual([['schema-violation', '/result/0']])
  })
})
