import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonTextChunks } from './jsonTextChunks.js'

/** The whole text, and the pieces it came in, at `chars` a piece. */
function pieces(value: unknown, chars: number): string[] {
  const text = new JsonTextChunks(value)
  const out: string[] = []
  for (let piece = text.next(chars); piece !== null; piece = text.next(chars)) out.push(piece)
  return out
}

describe('JsonTextChunks', () => {
  it('writes what JSON.stringify writes, whatever the size of the pieces', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 200 }), (value, chars) => {
        expect(pieces(value, chars).join('')).toBe(JSON.stringify(value))
      }),
      { numRuns: 300 },
    )
  })

  it('cuts a long string into pieces of about the size asked, never inside a surrogate pair', () => {
    const value = { result: `0x${'ab'.repeat(50_000)}😀${'😀'.repeat(10_000)}` }
    const out = pieces(value, 4096)
    expect(out.join('')).toBe(JSON.stringify(value))
    expect(out.length).toBeGreaterThan(20)
    expect(Math.max(...out.map((piece) => piece.length))).toBeLessThanOrEqual(4096 + 64)
    for (const piece of out) expect(piece).not.toMatch(/\\ud[89ab]/i)
  })

  it('walks deep and wide values with its own stack', () => {
    // Deeper than JSON.stringify itself can go.
    let deep: unknown = 1
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(pieces(deep, 1024).join('')).toBe(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`)
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i % 3 === 0 ? null : { v: [i, 'x'] }]))
    expect(pieces(wide, 1000).join('')).toBe(JSON.stringify(wide))
  })

  it('leaves out what JSON cannot hold as JSON.stringify does', () => {
    const value = { a: undefined, b: [undefined, () => 1], c: Number.NaN, d: new Date(0) }
    expect(pieces(value, 3).join('')).toBe(JSON.stringify(value))
  })
})
