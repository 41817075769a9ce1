import { describe, expect, it } from 'vitest'
import { formatUnits } from './formatUnits.js'

describe('formatUnits', () => {
  it('writes smallest units as exact whole tokens', () => {
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(3_042_000_000n * 10n ** 18n, 18)).toBe('3042000000')
    expect(formatUnits(1_532_816_794_000_000_000_000_000_001n, 18)).toBe('1532816794.000000000000000001')
    expect(formatUnits(-25n, 1)).toBe('-2.5')
    expect(formatUnits(42n, 0)).toBe('42')
  })
})
