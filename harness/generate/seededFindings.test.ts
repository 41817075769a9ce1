import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededFindings } from './seededFindings.js'

const options = { seed: 7, runs: 50, runSeed: 42, inputName: 'n' }

/** An array nested `depth` deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('seededFindings()', () => {
  it('answers no finding when the judge finds nothing', async () => {
    expect(await seededFindings(fc.nat(), async () => [], options)).toEqual([])
  })

  it("answers the shrunk input's finding with the replay seed and path", async () => {
    const findings = await seededFindings(fc.nat({ max: 1000 }), async (n) => (n >= 10 ? [{ message: `too big: ${n}`, pointer: '/x' }] : []), options)
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ pointer: '/x' })
    expect(findings[0]!.message).toMatch(/^too big: 10; n 10 \(--seed 42 replays it; fast-check seed 7, path \S+\)$/)
  })

  it('turns a judge that throws into a finding naming the exception, never a pass', async () => {
    // The judge of the original bug: JSON.stringify of an answer nested 100,000 deep.
    const deep = nested(100_000)
    const findings = await seededFindings(fc.nat(), async () => [{ message: JSON.stringify(deep) }], options)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toMatch(/judge threw on this input \(RangeError: Maximum call stack size exceeded\)/)
    expect(findings[0]!.message).toMatch(/fast-check seed 7, path/)
  })

  it('fails a run whose every judge throws something that is not an Error', async () => {
    const findings = await seededFindings(
      fc.nat(),
      async () => {
        throw 'x'.repeat(10_000)
      },
      options,
    )
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message.length).toBeLessThan(800)
  })

  it('still fails when the property fails without any recorded finding', async () => {
    // An arbitrary whose generation throws: the judge never runs, so nothing is recorded.
    const broken = fc.nat().map((n) => {
      if (n >= 0) throw new Error('generator broke')
      return n
    })
    const findings = await seededFindings(broken, async () => [], options)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toMatch(/generator broke/)
  })

  it('judges the inputs side by side first: exactly those fast-check tries for the seed, each once when all hold', async () => {
    let inFlight = 0
    let most = 0
    const judgedInputs: number[] = []
    const findings = await seededFindings(
      fc.nat(),
      async (n) => {
        judgedInputs.push(n)
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return []
      },
      { ...options, runs: 20 },
    )
    expect(findings).toEqual([])
    expect(most).toBe(8)
    const tried: number[] = []
    await fc.check(
      fc.asyncProperty(fc.nat(), async (n) => {
        tried.push(n)
        return true
      }),
      { seed: options.seed, numRuns: 20 },
    )
    expect(judgedInputs.sort()).toEqual(tried.sort())
  })

  it('reports a failure seen side by side even when the input holds when tried again, unshrunk', async () => {
    const failedOnce = new Set<number>()
    const findings = await seededFindings(
      fc.nat(),
      async (n) => {
        if (failedOnce.size > 0) return []
        failedOnce.add(n)
        return [{ message: `flaky on ${n}` }]
      },
      options,
    )
    expect(findings).toHaveLength(1)
    const [input] = [...failedOnce]
    expect(findings[0]!.message).toBe(
      `flaky on ${input}; n ${input} (--seed 42 replays it; fast-check seed 7; not shrunk: the target answered this input well when it was tried again)`,
    )
  })

  it('with a time limit, leaves the run to fast-check alone: one input at a time', async () => {
    let inFlight = 0
    let most = 0
    await seededFindings(
      fc.nat(),
      async () => {
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 1))
        inFlight--
        return []
      },
      { ...options, runs: 10, timeLimitMs: 10_000 },
    )
    expect(most).toBe(1)
  })

  it('judges at most `parallel` inputs at a time, and takes no new input once one failed', async () => {
    let inFlight = 0
    let most = 0
    let judgedCount = 0
    let bad: number | undefined
    const findings = await seededFindings(
      fc.nat(),
      async (n) => {
        if (++judgedCount === 5) bad = n
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 2))
        inFlight--
        return n === bad ? [{ message: `bad: ${n}` }] : []
      },
      { ...options, runs: 1000, parallel: 3 },
    )
    expect(most).toBe(3)
    expect(findings).toHaveLength(1)
    // Side by side: 5 judged when the failure came back, 2 more under way; then fast-check's own run
    // meets the same input early and shrinks it. Without the stop, 1000 inputs would be judged first.
    expect(judgedCount).toBeLessThan(100)
  })

  it('generates the inputs as they are judged, never all of a deep run at once', async () => {
    let generated = 0
    let finished = 0
    let ahead = 0
    const findings = await seededFindings(
      fc.nat().map((n) => {
        generated++
        return n
      }),
      async () => {
        ahead = Math.max(ahead, generated - finished)
        await new Promise((resolve) => setTimeout(resolve, 1))
        finished++
        return []
      },
      { ...options, runs: 300, parallel: 4 },
    )
    expect(findings).toEqual([])
    expect(finished).toBe(300)
    // At most the judges under way and the one input waiting for a place.
    expect(ahead).toBeLessThanOrEqual(5)
  })
})
