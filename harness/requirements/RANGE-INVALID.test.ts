import { describe, expect, it } from 'vitest'
import { beyondHeadParams, BEYOND_HEAD_BLOCKS, checkIsError, oversizedParams } from './RANGE-INVALID.js'
import { recorded, unanswered, withError, withResult } from './fixtures/recorded.js'

describe('RANGE-INVALID numbers and judge, on answers of the reference', () => {
  it('the oversized range spans x-limits.maxBlockRange + 1 blocks; the beyond-head range ends BEYOND_HEAD_BLOCKS past the head', () => {
    const oversized = oversizedParams(1000)
    expect(Number(BigInt(oversized[1])) - Number(BigInt(oversized[0])) + 1).toBe(1001)
    const [start, end] = beyondHeadParams(54)
    expect(Number(BigInt(end)) - Number(BigInt(start))).toBe(BEYOND_HEAD_BLOCKS)
  })

  it('passes the reference: start after end is answered -32602', () => {
    expect(checkIsError(recorded('reversed'), 'reversed')).toEqual([])
    expect(checkIsError(recorded('reversed'), 'reversed', [-32602])).toEqual([])
  })

  it('unexpected-result, malformed-error, wrong-error-code, no-answer', () => {
    expect(checkIsError(withResult('reversed', []), 'reversed').map((f) => f.kind)).toEqual(['unexpected-result'])
    expect(checkIsError(withError('reversed', '-32602'), 'reversed').map((f) => f.kind)).toEqual(['malformed-error'])
    expect(checkIsError(withError('reversed', -32000), 'reversed', [-32602])[0]).toMatchObject({
      kind: 'wrong-error-code',
      expected: [-32602],
      got: -32000,
      pointer: '/error/code',
    })
    expect(checkIsError(unanswered('reversed'), 'reversed').map((f) => f.kind)).toEqual(['no-answer'])
  })
})
