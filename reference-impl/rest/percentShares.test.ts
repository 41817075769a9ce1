import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { percentShares } from './percentShares.js'

describe('percentShares', () => {
  it('gives the leftover hundredths to the largest remainders', () => {
    expect(percentShares([206_931_780_000n, 12_872_012_273n, 19_996_000_000n, 6_501_300_000n])).toEqual(['84.01%', '5.23%', '8.12%', '2.64%'])
    expect(percentShares([1n, 1n, 1n])).toEqual(['33.34%', '33.33%', '33.33%'])
    expect(percentShares([5n])).toEqual(['100.00%'])
    expect(percentShares([0n, 0n])).toEqual(['0.00%', '0.00%'])
    expect(percentShares([])).toEqual([])
  })

  it('always sums to exactly 100.00% when anything is held', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 1, maxLength: 30 }), (parts) => {
        fc.pre(parts.some((part) => part > 0n))
        const shares = percentShares(parts)
        const hundredths = shares.reduce((sum, share) => sum + Math.round(Number(share.slice(0, -1)) * 100), 0)
        expect(hundredths).toBe(10_000)
        for (const share of shares) expect(share).toMatch(/^\d{1,3}\.\d{2}%$/)
      }),
      { seed: 901, numRuns: 300 },
    )
  })
})
