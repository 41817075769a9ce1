import { isValidChecksumAddress } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { address } from './address.js'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { sharedPatterns } from './sharedPatterns.js'

const isAddress = (v: string): boolean => new RegExp(sharedPatterns.address).test(v)

describe('address()', () => {
  it('obeys the laws in every variant', () => {
    expect(arbitraryLawViolations(() => address(), isAddress)).toEqual([])
    expect(
      arbitraryLawViolations(
        () => address('lower'),
        (v) => isAddress(v) && v === v.toLowerCase(),
      ),
    ).toEqual([])
    expect(
      arbitraryLawViolations(
        () => address('checksummed'),
        (v) => isAddress(v) && isValidChecksumAddress(v),
      ),
    ).toEqual([])
  })

  it('mixes lower-case and checksummed addresses by default', () => {
    const values = fc.sample(address(), { seed: 9, numRuns: 100 })
    expect(values.some((v) => v !== v.toLowerCase())).toBe(true)
    expect(values.some((v) => v === v.toLowerCase() && /[a-f]/.test(v.slice(2)))).toBe(true)
  })
})
