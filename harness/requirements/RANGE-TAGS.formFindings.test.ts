import { describe, expect, it } from 'vitest'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { checkSameAsEquivalent, checkTaggedRange } from './RANGE-TAGS.formFindings.js'

const exchangeOf = (response: unknown): Exchange => ({ transport: 'http', url: 'http://target.invalid/', request: {}, response, startedAt: 0, durationMs: 0 })
const block = (n: number | null, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  number: n === null ? null : `0x${n.toString(16)}`,
  hash: `0x${'ab'.repeat(32)}`,
  ...extra,
})
const blocks = (...numbers: Array<number | null>): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, result: numbers.map((n) => block(n)) })
const error = (code: number): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, error: { code, message: 'no' } })
const anyBlock: Validate = () => []
const hashNotNull: Validate = (value) => ((value as { hash?: unknown }).hash === null ? [{ pointer: '/hash', message: 'must be a hash' }] : [])

describe('checkSameAsEquivalent()', () => {
  it('passes the same blocks in the same order', () => {
    expect(checkSameAsEquivalent('[10, "latest"]', blocks(10, 11), '["0xa", "0xb"]', blocks(10, 11), [10, 11])).toEqual({ findings: [] })
  })
  it('finds a refused form, other blocks, another order and an extra block', () => {
    for (const got of [error(-32602), blocks(16, 17), blocks(11, 10), blocks(11, 10, 11)]) {
      const judged = checkSameAsEquivalent('[10, 11]', got, '["0xa", "0xb"]', blocks(10, 11), [10, 11])
      expect('findings' in judged && judged.findings.length).toBe(1)
    }
    const judged = checkSameAsEquivalent('[10, 11]', error(-32602), '["0xa", "0xb"]', blocks(10, 11), [10, 11])
    expect('findings' in judged && judged.findings[0]?.message).toMatch(
      /\[10, 11\] answered error -32602 .*where \["0xa", "0xb"\] answered the blocks \[10, 11\]/,
    )
  })
  it("cannot decide when the hex range itself answers no blocks, or not its blocks in order (RANGE-ORDER's finding)", () => {
    expect(checkSameAsEquivalent('[10, 11]', blocks(10, 11), '["0xa", "0xb"]', error(-32000), [10, 11])).toHaveProperty('undecided')
    expect(checkSameAsEquivalent('[10, 11]', blocks(10, 11), '["0xa", "0xb"]', blocks(11, 10), [10, 11])).toHaveProperty('undecided')
    expect(checkSameAsEquivalent('[10, 11]', blocks(10, 11), '["0xa", "0xb"]', blocks(10), [10, 11])).toHaveProperty('undecided')
  })
})

describe('checkTaggedRange()', () => {
  it('passes whole blocks, one per number, from the start to the end named', () => {
    expect(checkTaggedRange('["0x26", "pending"]', blocks(38, 39, 40), [38, 38], [40, 41], anyBlock)).toEqual([])
    expect(checkTaggedRange('["latest", "latest"]', blocks(41), [40, 41], [40, 41], anyBlock)).toEqual([])
  })
  it('finds a null number, a block out of the schema, a pending block before the range, a gap, a wrong end', () => {
    expect(checkTaggedRange('["pending", "pending"]', blocks(null), [40, 40], [40, 40], anyBlock)[0]?.message).toMatch(/element 0 has no block number/)
    const nullHash = exchangeOf({ jsonrpc: '2.0', id: 1, result: [block(40, { hash: null })] })
    expect(checkTaggedRange('["pending", "pending"]', nullHash, [40, 40], [40, 40], hashNotNull)[0]?.message).toMatch(/\/hash must be a hash/)
    expect(checkTaggedRange('["pending", "latest"]', blocks(40, 40), [40, 40], [40, 40], anyBlock)[0]?.message).toMatch(/not one per number/)
    expect(checkTaggedRange('["latest", "0x5"]', blocks(40, 0, 1), [40, 40], [5, 5], anyBlock).length).toBeGreaterThan(0)
    expect(checkTaggedRange('["0x26", "latest"]', blocks(38, 39), [38, 38], [40, 40], anyBlock)[0]?.message).toMatch(/ends at block 39; the end names block 40/)
    expect(checkTaggedRange('["earliest", "earliest"]', blocks(), [0, 0], [0, 0], anyBlock)[0]?.message).toMatch(/no block/)
    expect(checkTaggedRange('["earliest", "earliest"]', error(-32602), [0, 0], [0, 0], anyBlock)).toHaveLength(1)
  })
})
