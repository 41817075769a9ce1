import * as fc from 'fast-check'

export interface ArbitraryLawOptions {
  /** Seeds to try each law with (default three fixed seeds). */
  seeds?: readonly number[]
  /** Values sampled per seed (default 50). */
  numRuns?: number
}

/**
 * The laws every arbitrary of this folder must pass (as fast-check's own arbitraries do):
 * 1. deterministic: building it afresh and sampling with the same seed gives the same values;
 * 2. every generated value satisfies the domain predicate;
 * 3. every value the shrinker proposes (along several shrink paths) satisfies it too.
 * Returns the violations as readable lines (empty when all laws hold); it never throws.
 */
export function arbitraryLawViolations<T>(build: () => fc.Arbitrary<T>, inDomain: (value: T) => boolean, options: ArbitraryLawOptions = {}): string[] {
  const seeds = options.seeds ?? [1, 42, 2_147_483_647]
  const numRuns = options.numRuns ?? 50
  const violations: string[] = []
  const show = (value: unknown): string => fc.stringify(value).slice(0, 200)

  for (const seed of seeds) {
    const first = fc.sample(build(), { seed, numRuns }).map(show)
    const second = fc.sample(build(), { seed, numRuns }).map(show)
    if (first.join('\n') !== second.join('\n')) violations.push(`seed ${seed}: two samples with the same seed differ`)

    for (const value of fc.sample(build(), { seed, numRuns })) {
      if (!inDomain(value)) violations.push(`seed ${seed}: generated ${show(value)} is outside the domain`)
    }

    // A property that keeps failing makes fast-check shrink; which candidates "fail" decides the
    // shrink path, so walk a few: always (down to the smallest value), every other, every third.
    for (const failEvery of [1, 2, 3]) {
      let calls = 0
      const outside: T[] = []
      fc.check(
        fc.property(build(), (value) => {
          if (!inDomain(value)) outside.push(value)
          calls += 1
          return calls > 2_000 || (calls - 1) % failEvery !== 0
        }),
        { seed, numRuns: 1 },
      )
      for (const value of outside.slice(0, 3)) violations.push(`seed ${seed}: the shrinker proposed ${show(value)}, outside the domain`)
    }
  }
  return violations
}
