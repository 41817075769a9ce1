import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { invalidData } from './invalidData.js'
import { sharedPatterns } from './sharedPatterns.js'

const validData = new Ajv().compile({ type: 'string', pattern: sharedPatterns.data })
// geth's hexutil.Bytes: 0x/0X prefix, even length, hex digits of either case.
const decodesAsBytes = (v: unknown): boolean => typeof v === 'string' && /^0[xX]([0-9a-fA-F]{2})*$/.test(v)

describe('invalidData()', () => {
  it('obeys the laws: fails the data schema, and no lenient decoder reads it as bytes', () => {
    expect(
      arbitraryLawViolations(
        () => invalidData(),
        (v) => !validData(v) && !decodesAsBytes(v),
      ),
    ).toEqual([])
  })
})
