import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { invalidAddress } from './invalidAddress.js'
import { sharedPatterns } from './sharedPatterns.js'

const validAddress = new Ajv().compile({ type: 'string', pattern: sharedPatterns.address })
const decodesAsAddress = (v: unknown): boolean => typeof v === 'string' && /^0[xX][0-9a-fA-F]{40}$/.test(v)

describe('invalidAddress()', () => {
  it('obeys the laws: fails the address schema, and no lenient decoder reads it as 20 bytes', () => {
    expect(
      arbitraryLawViolations(
        () => invalidAddress(),
        (v) => !validAddress(v) && !decodesAsAddress(v),
      ),
    ).toEqual([])
  })
})
