import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { blockNumber } from './blockNumber.js'
import { sharedPatterns } from './sharedPatterns.js'

describe('blockNumber(max)', () => {
  it('obeys the laws: a canonical QUANTITY within [0, max]', () => {
    const ok = (q: string): boolean => new RegExp(sharedPatterns.quantity).test(q) && BigInt(q) <= 100n
    expect(arbitraryLawViolations(() => blockNumber(100), ok)).toEqual([])
  })

  it('shrinks toward block 0 and reaches the head', () => {
    expect(
      fc.check(
        fc.property(blockNumber(9), () => false),
        { seed: 3 },
      ).counterexample,
    ).toEqual(['0x0'])
    expect(new Set(fc.sample(blockNumber(3), { seed: 3, numRuns: 200 }))).toEqual(new Set(['0x0', '0x1', '0x2', '0x3']))
  })
})
