import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { blockRange, type BlockRange } from './blockRange.js'

const within =
  (head: number, maxSpan: number) =>
  (r: BlockRange): boolean =>
    Number.isSafeInteger(r.start) && 0 <= r.start && r.start <= r.end && r.end <= head && r.end - r.start + 1 <= maxSpan

describe('blockRange(head, maxSpan)', () => {
  it('obeys the laws: start <= end <= head, at most maxSpan blocks', () => {
    expect(arbitraryLawViolations(() => blockRange(5000, 1000), within(5000, 1000))).toEqual([])
    expect(arbitraryLawViolations(() => blockRange(3, 1000), within(3, 1000))).toEqual([])
    expect(arbitraryLawViolations(() => blockRange(0, 1), within(0, 1))).toEqual([])
  })

  it('shrinks toward the one-block range at 0 and reaches the head', () => {
    expect(
      fc.check(
        fc.property(blockRange(100, 10), () => false),
        { seed: 4 },
      ).counterexample,
    ).toEqual([{ start: 0, end: 0 }])
    expect(fc.sample(blockRange(100, 10), { seed: 4, numRuns: 300 }).some((r) => r.end === 100)).toBe(true)
  })

  it('refuses a negative head or an empty span', () => {
    expect(() => blockRange(-1, 10)).toThrow(RangeError)
    expect(() => blockRange(10, 0)).toThrow(RangeError)
  })
})
