import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { oldestStateBlock, STATE_HISTORY_HINTS } from './archiveDepth.js'
import { searchBudget } from './largestAccepted.js'

const MISSING = { code: -32000, message: 'missing trie node 0x52c3 (path ): the state of block 30 is not kept' }

/** A node serving the state of blocks `oldest` to the head: a balance, or geth's pruned-state error; every block asked is recorded. */
function prunedAt(oldest: number, asked: number[] = [], failAt?: number): (number: number) => Promise<Exchange> {
  return async (number) => {
    asked.push(number)
    const request = {
      jsonrpc: '2.0',
      id: asked.length,
      method: 'eth_getBalance',
      params: ['0x0000000000000000000000000000000000000000', `0x${number.toString(16)}`],
    }
    const base = { transport: 'http' as const, url: 'http://target.invalid/', request, startedAt: 0, durationMs: 1, httpStatus: 200 }
    if (number === failAt) return { ...base, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10000 ms' } }
    return { ...base, response: number >= oldest ? { jsonrpc: '2.0', id: asked.length, result: '0x0' } : { jsonrpc: '2.0', id: asked.length, error: MISSING } }
  }
}

describe('oldestStateBlock', () => {
  it('an archive node: every block back to genesis, 0, in one read when the whole chain is the first probe', async () => {
    expect(await oldestStateBlock({ head: 40, stateAt: prunedAt(0) })).toMatchObject({ value: 0, requests: 1, note: expect.stringMatching(/an archive node/) })
  })

  it("geth's 128 blocks of a full node, in two reads (a hint)", async () => {
    const asked: number[] = []
    const measured = await oldestStateBlock({ head: 10_000, stateAt: prunedAt(10_000 - 127, asked) })
    expect(measured).toMatchObject({ value: 9873, requests: 2 })
    expect(measured.note).toContain(
      'the state of the last 128 blocks is served (blocks 9873 to the head 10000); block 9872\'s is refused: -32000 "missing trie node',
    )
    expect(asked).toEqual([9873, 9872])
  })

  it('the reference with --state-history 10: the last 10 blocks', async () => {
    expect(await oldestStateBlock({ head: 40, stateAt: prunedAt(31) })).toMatchObject({ value: 31 })
  })

  it('finds any oldest block exactly, within the search budget, never asking past the head or below genesis', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), async (head, fraction) => {
        const oldest = Math.floor(head * fraction)
        const asked: number[] = []
        const measured = await oldestStateBlock({ head, stateAt: prunedAt(oldest, asked) })
        expect(measured.value).toBe(oldest)
        expect(measured.requests).toBeLessThanOrEqual(searchBudget(1, head + 1, STATE_HISTORY_HINTS.length))
        for (const number of asked) expect(number >= 0 && number <= head).toBe(true)
      }),
      { seed: 7, numRuns: 200 },
    )
  })

  it('a time-out stops the search with a bound; no state at all (the head refused) is no value', async () => {
    expect(await oldestStateBlock({ head: 1000, stateAt: prunedAt(900, [], 1000 - 128 + 1) })).toMatchObject({
      value: null,
      note: expect.stringMatching(/^stopped: no answer/),
    })
    // 873 refused (the hint), 937 and 905 served, then 889 unanswered: the oldest is 905 or older.
    expect(await oldestStateBlock({ head: 1000, stateAt: prunedAt(900, [], 889) })).toMatchObject({
      value: '<=905',
      note: expect.stringMatching(/the state of the last 96 blocks was served/),
    })
    expect(await oldestStateBlock({ head: 40, stateAt: prunedAt(41) })).toMatchObject({
      value: null,
      note: expect.stringMatching(/not even the head's state \(block 40\) is served/),
    })
  })
})
