import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { BLOCK_TAGS } from './blockTag.js'
import { blockNumberOrTag } from './blockNumberOrTag.js'

const ok = (v: string): boolean => (BLOCK_TAGS as readonly string[]).includes(v) || (/^0x(0|[1-9a-f][0-9a-f]*)$/.test(v) && BigInt(v) <= 20n)

describe('blockNumberOrTag(max)', () => {
  it('obeys the laws: a number within [0, max] or a tag', () => {
    expect(arbitraryLawViolations(() => blockNumberOrTag(20), ok)).toEqual([])
  })

  it('gives both numbers and tags, and shrinks to the smallest of either', () => {
    const values = fc.sample(blockNumberOrTag(20), { seed: 11, numRuns: 100 })
    expect(values.some((v) => v.startsWith('0x'))).toBe(true)
    expect(values.some((v) => !v.startsWith('0x'))).toBe(true)
    // fc.oneof shrinks within the branch a value came from: block 0, or the first tag.
    expect(['0x0', 'earliest']).toContain(
      fc.check(
        fc.property(blockNumberOrTag(20), () => false),
        { seed: 11 },
      ).counterexample?.[0],
    )
  })
})
