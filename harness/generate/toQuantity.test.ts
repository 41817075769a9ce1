import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sharedPatterns } from './sharedPatterns.js'
import { toQuantity } from './toQuantity.js'

describe('toQuantity()', () => {
  it('encodes canonically and round-trips', () => {
    expect(toQuantity(0)).toBe('0x0')
    expect(toQuantity(1000n)).toBe('0x3e8')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), (n) => new RegExp(sharedPatterns.quantity).test(toQuantity(n)) && BigInt(toQuantity(n)) === n),
    )
    expect(() => toQuantity(-1)).toThrow(RangeError)
  })
})
