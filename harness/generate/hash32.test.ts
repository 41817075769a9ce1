import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { hash32 } from './hash32.js'
import { sharedPatterns } from './sharedPatterns.js'

describe('hash32()', () => {
  it('obeys the laws: 32 bytes of lower-case hex', () => {
    expect(
      arbitraryLawViolations(
        () => hash32(),
        (v) => new RegExp(sharedPatterns.hash32).test(v),
      ),
    ).toEqual([])
  })
})
