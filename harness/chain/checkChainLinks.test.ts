import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hash32 } from '../generate/hash32.js'
import { toQuantity } from '../generate/toQuantity.js'
import { checkChainLinks } from './checkChainLinks.js'

type Block = { number: string; hash: string; parentHash: string }

/** A linked run of blocks from `first`, with random (distinct) hashes. */
const linkedRun = fc
  .tuple(fc.nat({ max: 1_000_000 }), fc.uniqueArray(hash32(), { minLength: 4, maxLength: 12 }))
  .map(([first, hashes]) => hashes.slice(1).map((hash, i): Block => ({ number: toQuantity(first + i), hash, parentHash: hashes[i]! })))

describe('checkChainLinks()', () => {
  it('finds nothing wrong with a linked run, whatever the case of the hex', () => {
    fc.assert(
      fc.property(linkedRun, (blocks) => {
        expect(checkChainLinks(blocks)).toEqual([])
        expect(checkChainLinks(blocks.map((b, i) => (i % 2 === 0 ? { ...b, hash: b.hash.toUpperCase().replace('0X', '0x') } : b)))).toEqual([])
      }),
    )
  })

  it('reports a gap in the numbers where a block is left out', () => {
    fc.assert(
      fc.property(linkedRun, fc.nat(), (blocks, at) => {
        const dropped = 1 + (at % (blocks.length - 2))
        const problems = checkChainLinks(blocks.filter((_, i) => i !== dropped))
        expect(problems).toEqual([{ code: 'NUMBER_GAP', index: dropped, message: expect.stringMatching(/^block \d+ follows block \d+; expected block \d+$/) }])
      }),
    )
  })

  it("reports a parentHash that is not the previous block's hash", () => {
    fc.assert(
      fc.property(linkedRun, fc.nat(), hash32(), (blocks, at, other) => {
        const index = 1 + (at % (blocks.length - 1))
        fc.pre(other !== blocks[index - 1]!.hash)
        const broken = blocks.map((b, i) => (i === index ? { ...b, parentHash: other } : b))
        expect(checkChainLinks(broken)).toEqual([{ code: 'PARENT_MISMATCH', index, message: expect.stringContaining(`has parentHash ${other}`) }])
      }),
    )
  })

  it('reports blocks it cannot read, and does not link across them', () => {
    const [a, b, c] = fc.sample(linkedRun, { seed: 1, numRuns: 1 })[0]!
    expect(checkChainLinks([a, null, b, c])).toEqual([{ code: 'MALFORMED_BLOCK', index: 1, message: 'block at position 1 is not a block object' }])
    expect(checkChainLinks([a, { ...b, hash: null }, c])).toEqual([
      { code: 'MALFORMED_BLOCK', index: 1, message: 'block at position 1 has no 32-byte hash (null)' },
    ])
    expect(checkChainLinks([{ ...a, number: 5 }])).toEqual([{ code: 'MALFORMED_BLOCK', index: 0, message: 'block at position 0 has no hex number (5)' }])
    expect(checkChainLinks([])).toEqual([])
  })

  it("reports a timestamp before its parent's, and tolerates equal ones", () => {
    const blocks = fc.sample(linkedRun, { seed: 3, numRuns: 1 })[0]!.map((b, i) => ({ ...b, timestamp: toQuantity(1_000 + i) }))
    expect(checkChainLinks(blocks)).toEqual([])
    expect(checkChainLinks(blocks.map((b) => ({ ...b, timestamp: '0x10' })))).toEqual([])
    const back = blocks.map((b, i) => (i === 2 ? { ...b, timestamp: toQuantity(5) } : b))
    expect(checkChainLinks(back)).toEqual([
      { code: 'TIME_BACKWARDS', index: 2, message: expect.stringMatching(/^block \d+ has timestamp 5, before its parent \d+'s 1001$/) },
    ])
  })

  it('reports a descending run as gaps (the order given is the order checked)', () => {
    const blocks = fc.sample(linkedRun, { seed: 2, numRuns: 1 })[0]!
    expect(checkChainLinks([...blocks].reverse()).map((p) => p.code)).toEqual(Array(blocks.length - 1).fill('NUMBER_GAP'))
  })
})
