import { describe, expect, it } from 'vitest'
import { centsToUsd, exactDecimal, usdCents } from './usdValue.js'

describe('usdCents', () => {
  it('multiplies exactly and rounds half up to the cent only at the end', () => {
    // 41250.5 WETH at 3120.45 = 128720122.725 -> 128720122.73
    expect(usdCents(41_250_500_000_000_000_000_000n, 18, 3120.45)).toBe(12_872_012_273n)
    expect(usdCents(3_167_000_000n * 10n ** 18n, 18, 0.6534)).toBe(206_931_780_000n)
    expect(usdCents(1n, 18, 0.6534)).toBe(0n)
    expect(usdCents(5n, 3, 1)).toBe(1n)
    expect(usdCents(4n, 3, 1)).toBe(0n)
  })

  it('reads prices as the decimals they print as, exponents included', () => {
    expect(exactDecimal(0.1)).toEqual({ digits: 1n, scale: 1 })
    expect(exactDecimal(1e-7)).toEqual({ digits: 1n, scale: 7 })
    expect(exactDecimal(1.5e21)).toEqual({ digits: 1_500_000_000_000_000_000_000n, scale: 0 })
    expect(() => exactDecimal(Number.NaN)).toThrow(RangeError)
    expect(centsToUsd(246_301_092_273n)).toBe(2_463_010_922.73)
  })
})
