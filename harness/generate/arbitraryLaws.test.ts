import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryLawViolations } from './arbitraryLaws.js'

/** Generates 600, in the domain, but its shrinker proposes 3, outside it. */
class LeakyShrinker extends fc.Arbitrary<number> {
  generate(): fc.Value<number> {
    return new fc.Value(600, undefined)
  }
  canShrinkWithoutContext(value: unknown): value is number {
    return false
  }
  shrink(value: number): fc.Stream<fc.Value<number>> {
    return value === 600 ? fc.Stream.of(new fc.Value(3, undefined)) : fc.Stream.nil()
  }
}

describe('arbitraryLawViolations()', () => {
  it('passes a well-behaved arbitrary', () => {
    expect(
      arbitraryLawViolations(
        () => fc.integer({ min: 10, max: 99 }),
        (n) => n >= 10 && n <= 99,
      ),
    ).toEqual([])
  })

  it('catches an arbitrary that ignores the seed', () => {
    const violations = arbitraryLawViolations(
      () => fc.constant(0).map(() => Math.random()),
      () => true,
      { seeds: [1] },
    )
    expect(violations).toEqual(['seed 1: two samples with the same seed differ'])
  })

  it('catches values outside the domain', () => {
    const violations = arbitraryLawViolations(
      () => fc.nat(),
      (n) => n < 10,
      { seeds: [3] },
    )
    expect(violations.some((line) => /^seed 3: generated \d+ is outside the domain$/.test(line))).toBe(true)
  })

  it('catches a shrinker that leaves the domain', () => {
    const violations = arbitraryLawViolations(
      () => new LeakyShrinker(),
      (n) => n >= 500,
      { seeds: [5] },
    )
    expect(violations).toContain('seed 5: the shrinker proposed 3, outside the domain')
  })
})
