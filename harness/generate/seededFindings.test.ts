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

  it('answers the shrunk input\'s finding with the replay seed and path', async () => {
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
    const findings = await seededFindings(fc.nat(), async () => { throw 'x'.repeat(10_000) }, options)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message.length).toBeLessThan(800)
  })

  it('still fails when the property fails without any recorded finding', async () => {
    // An arbitrary whose generation throws: the judge never runs, so nothing is recorded.
    const broken = fc.nat().map((n) => { if (n >= 0) throw new Error('generator broke'); return n })
    const findings = await seededFindings(broken, async () => [], options)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toMatch(/generator broke/)
  })
})
