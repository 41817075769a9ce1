import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { MAX_UINT256, quantity } from './quantity.js'
import { sharedPatterns } from './sharedPatterns.js'

const canonical = (value: string): boolean => new RegExp(sharedPatterns.quantity).test(value)

describe('quantity()', () => {
  it('obeys the arbitrary laws: canonical hex within [0, 2^256 - 1]', () => {
    expect(
      arbitraryLawViolations(
        () => quantity(),
        (q) => canonical(q) && BigInt(q) <= MAX_UINT256,
      ),
    ).toEqual([])
  })

  it('stays within min and max', () => {
    const inRange = (q: string): boolean => canonical(q) && BigInt(q) >= 10n && BigInt(q) <= 300n
    expect(arbitraryLawViolations(() => quantity({ min: 10n, max: 300n }), inRange)).toEqual([])
  })

  it('encodes zero as "0x0" and shrinks toward min', () => {
    expect(fc.sample(quantity({ max: 0n }), { seed: 1, numRuns: 3 })).toEqual(['0x0', '0x0', '0x0'])
    const details = fc.check(
      fc.property(quantity({ min: 5n, max: 1000n }), () => false),
      { seed: 7 },
    )
    expect(details.counterexample).toEqual(['0x5'])
  })

  it('refuses an empty or negative range', () => {
    expect(() => quantity({ min: 3n, max: 2n })).toThrow(RangeError)
    expect(() => quantity({ min: -1n })).toThrow(RangeError)
  })
})
