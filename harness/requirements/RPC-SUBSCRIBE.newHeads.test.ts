import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { judgeNewHeads } from './RPC-SUBSCRIBE.newHeads.js'

const hash = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`
/** A header of a chain whose block n has hash hash(n + 1000). */
const header = (n: number, parent = n - 1): Record<string, string> => ({ number: `0x${n.toString(16)}`, hash: hash(n + 1000), parentHash: hash(parent + 1000) })
const heads = (from: number, to: number): Array<Record<string, string>> => Array.from({ length: to - from + 1 }, (_, i) => header(from + i))

describe('judgeNewHeads', () => {
  it('passes every head of the window, in order, linked, whatever came just before or after it', () => {
    expect(judgeNewHeads(heads(41, 44), { from: 41n, to: 43n }, '0x1')).toEqual({ findings: [], inconclusive: null })
    expect(judgeNewHeads(heads(42, 43), { from: 41n, to: 43n }, '0x1')).toEqual({ findings: [], inconclusive: null })
  })

  it('is inconclusive on a still chain with nothing notified, never a pass', () => {
    expect(judgeNewHeads([], { from: 41n, to: 41n }, '0x1')).toEqual({
      findings: [],
      inconclusive: 'the head stayed at block 41: no new block to be notified of',
    })
  })

  it('fails a head the chain made but the subscription never notified (dropped, or sent under another id)', () => {
    const dropped = judgeNewHeads([header(42), header(44)], { from: 41n, to: 44n }, '0x1')
    expect(dropped.findings.map((f) => f.message).join('\n')).toMatch(/block 44 right after block 42/)
    expect(dropped.findings.map((f) => f.message).join('\n')).toMatch(/block\(s\) 43 were not notified under that id/)
    const none = judgeNewHeads([], { from: 41n, to: 43n }, '0xabc')
    expect(none.findings[0]?.message).toMatch(/head moved from block 41 to 43 while subscription 0xabc was active, but block\(s\) 42, 43 were not notified/)
    expect(none.inconclusive).toBeNull()
  })

  it('fails heads out of order or repeated; leaves parent links to CHAIN-INTEGRITY', () => {
    expect(judgeNewHeads([header(43), header(42)], { from: 41n, to: 43n }, '0x1').findings[0]?.pointer).toBe('/1/number')
    expect(judgeNewHeads([header(42), header(42)], { from: 41n, to: 42n }, '0x1').findings[0]?.message).toMatch(/one number at a time/)
    const unlinked = judgeNewHeads([header(42), header(43, 7)], { from: 41n, to: 43n }, '0x1')
    expect(unlinked.findings).toEqual([])
  })

  it('fails a notification that is not a header, even on a still chain', () => {
    const verdict = judgeNewHeads([{ number: 42 }], { from: 41n, to: 41n }, '0x1')
    expect(verdict.findings[0]?.message).toMatch(/not a block header/)
    expect(verdict.inconclusive).toBeNull()
  })

  it('is total: never throws, whatever the notifications hold', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 100n }), (values, a, b) => {
        const verdict = judgeNewHeads(values, { from: a, to: a + b }, '0x1')
        expect(Array.isArray(verdict.findings)).toBe(true)
      }),
      { seed: 7 },
    )
  })
})
