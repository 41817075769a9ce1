import { Ajv } from 'ajv'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { invalidHash32 } from './invalidHash32.js'
import { sharedPatterns } from './sharedPatterns.js'

const validHash = new Ajv().compile({ type: 'string', pattern: sharedPatterns.hash32 })
const decodesAsHash = (v: unknown): boolean => typeof v === 'string' && /^0[xX][0-9a-fA-F]{64}$/.test(v)

describe('invalidHash32()', () => {
  it('obeys the laws: fails the hash32 schema, and no lenient decoder reads it as 32 bytes', () => {
    expect(
      arbitraryLawViolations(
        () => invalidHash32(),
        (v) => !validHash(v) && !decodesAsHash(v),
      ),
    ).toEqual([])
  })

  it('makes near misses: one digit short or long, and the right length without prefix', () => {
    const values = fc.sample(invalidHash32(), { seed: 8, numRuns: 300 }).filter((v): v is string => typeof v === 'string')
    expect(values.some((v) => v.length === 65 || v.length === 67)).toBe(true)
    expect(values.some((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true)
  })
})
