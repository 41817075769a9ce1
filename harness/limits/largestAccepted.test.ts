import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { largestAccepted, MAX_HINTS, searchBudget, type Verdict } from './largestAccepted.js'
import { limitValue } from './limitMeasurement.js'

/** A target that accepts every size up to `limit` and records what it was asked. */
function target(limit: number): { ask: (size: number) => Promise<Verdict>; asked: number[] } {
  const asked: number[] = []
  return { asked, ask: async (size) => (asked.push(size), size <= limit ? 'accepted' : 'refused') }
}

/** Bounds with a floor and a cap up to 16 MiB (the largest default cap), and hints anywhere near them. */
const bounds = fc
  .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 16 * 1024 * 1024 }))
  .map(([floor, extra]) => ({ floor, cap: floor + extra }))
const hintsNear = (cap: number): fc.Arbitrary<number[]> => fc.array(fc.integer({ min: -5, max: cap + 5 }), { maxLength: 6 })

describe('largestAccepted', () => {
  it('stops when its time budget runs out: what was accepted is a lower bound, never the limit', async () => {
    // A slow link: each probe of a large body takes 15 s; the target's limit is 20,000,000 bytes.
    let clock = 0
    const asked: number[] = []
    const ask = async (size: number): Promise<Verdict> => {
      asked.push(size)
      clock += 15_000
      return size <= 20_000_000 ? 'accepted' : 'refused'
    }
    const hints = [25_000_000, 25 * 1024 * 1024, 10 * 1024 * 1024, 16 * 1024 * 1024]
    const outcome = await largestAccepted(ask, { floor: 100, cap: 32 * 1024 * 1024, hints, timeBudgetMs: 60_000, now: () => clock })
    expect(asked).toEqual([25_000_000, 10 * 1024 * 1024, 10 * 1024 * 1024 + 1, 16 * 1024 * 1024])
    expect(outcome).toMatchObject({ kind: 'unsure', accepted: 16 * 1024 * 1024, refused: 25_000_000, requests: 4 })
    expect(outcome.reason).toBe("the search's time budget ran out (60 s spent of 60 s) before 16777217 was asked")
    expect(limitValue(outcome, 100)).toBe('>=16777216')
    // With time enough, the same search finds the limit.
    clock = 0
    expect(await largestAccepted(ask, { floor: 100, cap: 32 * 1024 * 1024, hints, timeBudgetMs: 10 * 60_000, now: () => clock })).toMatchObject({
      kind: 'exact',
      accepted: 20_000_000,
    })
  })

  it('finds a limit of 1000 under a cap of 10000 in two probes when 1000 is a hint, never sending the cap', async () => {
    const { ask, asked } = target(1000)
    const outcome = await largestAccepted(ask, { floor: 1, cap: 10_000, hints: [1000, 100] })
    expect(outcome).toMatchObject({ kind: 'exact', accepted: 1000, refused: 1001, requests: 2 })
    expect(asked).toEqual([1000, 1001])
  })

  it("finds l2geth's off-by-one (1001 blocks accepted) with the hints 1000 and 1001", async () => {
    const { ask, asked } = target(1001)
    const outcome = await largestAccepted(ask, { floor: 1, cap: 10_000, hints: [1000, 1001] })
    expect(outcome).toMatchObject({ kind: 'exact', accepted: 1001 })
    expect(asked).toEqual([1000, 1001, 1002])
  })

  it('asks the hints, then the cap, on a target without a limit', async () => {
    const { ask, asked } = target(Number.MAX_SAFE_INTEGER)
    expect(await largestAccepted(ask, { floor: 1, cap: 10_000, hints: [1000] })).toMatchObject({ kind: 'at-least', accepted: 10_000, requests: 3 })
    expect(asked).toEqual([1000, 1001, 10_000])
    const bare = target(Number.MAX_SAFE_INTEGER)
    expect(await largestAccepted(bare.ask, { floor: 1, cap: 10_000 })).toMatchObject({ kind: 'at-least', requests: 1 })
  })

  it('says when even the floor is refused', async () => {
    const { ask } = target(0)
    expect(await largestAccepted(ask, { floor: 1, cap: 64 })).toMatchObject({ kind: 'exact', accepted: 0, refused: 1 })
  })

  it('starts from what is known and asks nothing known again', async () => {
    const { ask, asked } = target(700)
    const outcome = await largestAccepted(ask, { floor: 42, cap: 10_000, known: { accepted: 41, refused: 10_000 }, hints: [1000] })
    expect(outcome).toMatchObject({ kind: 'exact', accepted: 700 })
    expect(asked).not.toContain(10_000)
    expect(asked).not.toContain(41)
  })

  it('stops at the first answer that says nothing, with the bounds it has', async () => {
    const asked: number[] = []
    const ask = async (size: number): Promise<Verdict> => {
      asked.push(size)
      if (size > 5000) return 'refused'
      return { unknown: 'no answer within 10000 ms' }
    }
    const outcome = await largestAccepted(ask, { floor: 1, cap: 10_000, hints: [1000] })
    expect(outcome).toMatchObject({ kind: 'unsure', accepted: 0, refused: null, reason: 'no answer within 10000 ms', requests: 1 })
  })

  it('refuses bounds that are not a range', async () => {
    await expect(largestAccepted(target(1).ask, { floor: 10, cap: 9 })).rejects.toThrow(RangeError)
  })

  describe('properties', () => {
    it('for any limit below the cap it finds exactly that limit within its budget, asking only sizes in [floor, cap], none twice', async () => {
      await fc.assert(
        fc.asyncProperty(
          bounds.chain(({ floor, cap }) =>
            fc.record({ floor: fc.constant(floor), cap: fc.constant(cap), limit: fc.integer({ min: floor - 1, max: cap }), hints: hintsNear(cap) }),
          ),
          async ({ floor, cap, limit, hints }) => {
            const { ask, asked } = target(limit)
            const outcome = await largestAccepted(ask, { floor, cap, hints })
            if (limit >= cap) expect(outcome).toMatchObject({ kind: 'at-least', accepted: cap })
            else expect(outcome).toMatchObject({ kind: 'exact', accepted: limit, refused: limit + 1 })
            expect(outcome.requests).toBe(asked.length)
            expect(asked.length).toBeLessThanOrEqual(searchBudget(floor, cap, hints.length))
            expect(asked.every((size) => size >= floor && size <= cap)).toBe(true)
            expect(new Set(asked).size).toBe(asked.length)
          },
        ),
        { numRuns: 300 },
      )
    })

    it('for a target without a limit it reports at least the cap, after at most the hints and the cap', async () => {
      await fc.assert(
        fc.asyncProperty(bounds, fc.array(fc.integer(), { maxLength: 6 }), async ({ floor, cap }, hints) => {
          const { ask, asked } = target(Number.MAX_SAFE_INTEGER)
          const outcome = await largestAccepted(ask, { floor, cap, hints })
          expect(outcome).toMatchObject({ kind: 'at-least', accepted: cap, refused: null })
          expect(outcome.requests).toBeLessThanOrEqual(1 + 2 * Math.min(hints.length, MAX_HINTS))
          expect(asked.at(-1)).toBe(cap)
        }),
      )
    })

    it('an answer that says nothing stops the search; the bounds it reports still hold the limit', async () => {
      await fc.assert(
        fc.asyncProperty(
          bounds.chain(({ floor, cap }) =>
            fc.record({
              floor: fc.constant(floor),
              cap: fc.constant(cap),
              limit: fc.integer({ min: floor, max: cap }),
              silentAfter: fc.nat({ max: 30 }),
              hints: hintsNear(cap),
            }),
          ),
          async ({ floor, cap, limit, silentAfter, hints }) => {
            let count = 0
            const ask = async (size: number): Promise<Verdict> => (count++ >= silentAfter ? { unknown: 'time-out' } : size <= limit ? 'accepted' : 'refused')
            const outcome = await largestAccepted(ask, { floor, cap, hints })
            expect(outcome.accepted).toBeLessThanOrEqual(limit)
            if (outcome.refused !== null) expect(outcome.refused).toBeGreaterThan(limit)
            if (outcome.kind === 'unsure') expect(outcome.requests).toBe(silentAfter + 1)
          },
        ),
      )
    })
  })

  it('keeps its budget to a few dozen probes for the default caps', () => {
    expect(searchBudget(1, 10_000, MAX_HINTS)).toBe(23)
    expect(searchBudget(60, 16 * 1024 * 1024, MAX_HINTS)).toBe(33)
    expect(searchBudget(1, 10_000, 10)).toBe(23)
  })
})
