import { Ajv } from 'ajv'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { invalidQuantity } from './invalidQuantity.js'
import { sharedPatterns } from './sharedPatterns.js'

const validQuantity = new Ajv().compile({ type: 'string', pattern: sharedPatterns.quantity })

/** How geth's hexutil.DecodeUint64 reads a JSON value (the decoder of block numbers and nonces). */
function decodesAsUint64(value: unknown): boolean {
  if (typeof value !== 'string' || !/^0[xX]/.test(value)) return false
  const digits = value.slice(2)
  return /^(0|[1-9a-fA-F][0-9a-fA-F]*)$/.test(digits) && digits.length <= 16
}

describe('invalidQuantity()', () => {
  it('obeys the laws: nothing it makes decodes as a uint64 the way geth does', () => {
    expect(
      arbitraryLawViolations(
        () => invalidQuantity(),
        (v) => !decodesAsUint64(v),
      ),
    ).toEqual([])
  })

  it('with maxBits null, every value fails the quantity schema', () => {
    expect(
      arbitraryLawViolations(
        () => invalidQuantity({ maxBits: null }),
        (v) => !validQuantity(v),
      ),
    ).toEqual([])
  })

  it('covers each kind of mistake', () => {
    const values = fc.sample(invalidQuantity(), { seed: 21, numRuns: 400 })
    const some = (test: (v: unknown) => boolean): boolean => values.some(test)
    const str = (v: unknown): string => (typeof v === 'string' ? v : '')
    expect(some((v) => /^0x0[0-9a-f]/.test(str(v)))).toBe(true) // leading zeros
    expect(some((v) => /^[0-9a-f]+$/.test(str(v)))).toBe(true) // no prefix
    expect(some((v) => v === '0x')).toBe(true)
    expect(some((v) => /^0x.*[^0-9a-f]/.test(str(v)))).toBe(true) // odd characters
    expect(some((v) => typeof v === 'number' && v >= 0)).toBe(true) // bare JSON numbers
    expect(some((v) => str(v).startsWith('-') || (typeof v === 'number' && v < 0))).toBe(true)
    expect(some((v) => validQuantity(v) && BigInt(str(v)) >= 2n ** 64n)).toBe(true) // > 64 bits
    expect(some((v) => typeof v === 'boolean' || (typeof v === 'object' && v !== null))).toBe(true) // wrong type
    expect(some((v) => v === null)).toBe(false)
  })
})
