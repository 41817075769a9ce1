import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { data } from './data.js'
import { sharedPatterns } from './sharedPatterns.js'

const isData = (v: string): boolean => new RegExp(sharedPatterns.data).test(v)

describe('data()', () => {
  it('obeys the laws: even-length lower-case hex of at most 64 bytes', () => {
    expect(
      arbitraryLawViolations(
        () => data(),
        (v) => isData(v) && v.length <= 2 + 128,
      ),
    ).toEqual([])
  })

  it('keeps within the byte bounds and shrinks toward the fewest zero bytes', () => {
    const bounded = (v: string): boolean => isData(v) && v.length >= 2 + 6 && v.length <= 2 + 10
    expect(arbitraryLawViolations(() => data({ minLength: 3, maxLength: 5 }), bounded)).toEqual([])
    expect(
      fc.check(
        fc.property(data({ minLength: 2 }), () => false),
        { seed: 2 },
      ).counterexample,
    ).toEqual(['0x0000'])
    expect(
      fc.check(
        fc.property(data(), () => false),
        { seed: 2 },
      ).counterexample,
    ).toEqual(['0x'])
  })
})
