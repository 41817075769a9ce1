import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { BLOCK_TAGS, blockTag } from './blockTag.js'

describe('blockTag()', () => {
  it('obeys the laws: one of earliest, latest, pending', () => {
    expect(
      arbitraryLawViolations(
        () => blockTag(),
        (t) => (BLOCK_TAGS as readonly string[]).includes(t),
      ),
    ).toEqual([])
    expect(new Set(fc.sample(blockTag(), { seed: 5, numRuns: 100 }))).toEqual(new Set(BLOCK_TAGS))
  })

  it('takes the extra tags of standard methods when asked', () => {
    const tags = ['latest', 'safe', 'finalized'] as const
    expect(
      arbitraryLawViolations(
        () => blockTag(tags),
        (t) => (tags as readonly string[]).includes(t),
      ),
    ).toEqual([])
    expect(() => blockTag([])).toThrow(RangeError)
  })
})
