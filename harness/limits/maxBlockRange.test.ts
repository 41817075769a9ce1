import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from '../transport/httpTransport.js'
import { BLOCK_RANGE_HINTS, maxBlockRange } from './maxBlockRange.js'
import { searchBudget } from './largestAccepted.js'
import { limitedTargetServer, syntheticExchange, type TargetLimits } from '../../test/servers/limitedTarget.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

const hex = (n: number): string => `0x${n.toString(16)}`

/** The driver against a target without a network; every range it asks is recorded. */
async function discover(target: TargetLimits, cap: number): Promise<{ value: unknown; requests: number; note: string; asked: Array<[number, number]> }> {
  const asked: Array<[number, number]> = []
  const measured = await maxBlockRange({
    head: target.head,
    cap,
    getBlockRange: async (start, end) => {
      asked.push([start, end])
      return syntheticExchange(target, { jsonrpc: '2.0', id: asked.length, method: 'eth_getBlockRange', params: [hex(start), hex(end), false] })
    },
  })
  return { ...measured, asked }
}

const budget = (cap: number): number => 2 * searchBudget(1, cap, BLOCK_RANGE_HINTS.length) + 1

describe('maxBlockRange', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('finds the reference limit (1000 blocks) on a chain longer than it, over HTTP, in two requests ending at the head', async () => {
    const server = await limitedTargetServer({ head: 1100, maxRange: 1000 })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const measured = await maxBlockRange({
      head: 1100,
      cap: 10_000,
      getBlockRange: (start, end) => http.call('eth_getBlockRange', [hex(start), hex(end), false]),
    })
    await http.close()
    expect(measured).toEqual({
      value: 1000,
      requests: 2,
      note: 'ranges of up to 1000 blocks ending at the head (1100) are answered; 1001 blocks: -32602 "requested block range is too large (max is 1000, requested 1001 blocks)"',
    })
    expect(server.requests()).toBe(2)
  })

  it('tells a size refusal from the past-the-head one on a chain shorter than the limit', async () => {
    const found = await discover({ head: 40, maxRange: 1000 }, 10_000)
    expect(found.value).toBe(1000)
    expect(found.note).toContain('the chain has 41 blocks, so ranges reaching past the head were asked')
    expect(found.asked).toEqual([
      [0, 40],
      [41, 41],
      [0, 999],
      [0, 1000],
    ])
  })

  it('answers "at least head+1" when the node checks the head first and no size refusal can be told apart', async () => {
    const found = await discover({ head: 40, maxRange: 1000, rangeOrder: 'head-first' }, 10_000)
    expect(found.value).toBe('>=41')
    expect(found.note).toMatch(/^the chain is shorter than any limit/)
  })

  it("finds l2geth's 1001 blocks, and a limit below a short chain, and reports the cap when there is no limit", async () => {
    expect((await discover({ head: 5000, maxRange: 1001 }, 10_000)).value).toBe(1001)
    expect((await discover({ head: 40, maxRange: 10 }, 10_000)).value).toBe(10)
    expect(await discover({ head: 20_000, maxRange: null }, 10_000)).toMatchObject({ value: '>=10000', requests: 4 })
    expect((await discover({ head: 0, maxRange: 1000, pastHead: 'null' }, 10_000)).value).toBe(1000)
  })

  it('measures nothing when not even one block is answered (the method fails, whatever its limit)', async () => {
    const found = await discover({ head: 40, maxRange: 0 }, 10_000)
    expect(found.value).toBeNull()
    expect(found.note).toBe('even a range of 1 block was refused: -32602 "requested block range is too large (max is 0, requested 1 blocks)"')
  })

  it('stops with a lower bound when an answer says nothing (a time-out)', async () => {
    const measured = await maxBlockRange({
      head: 5000,
      cap: 10_000,
      getBlockRange: async (start, end) => ({
        transport: 'http',
        url: 'http://target',
        request: [start, end],
        failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10000 ms' },
        startedAt: 0,
        durationMs: 0,
      }),
    })
    expect(measured).toMatchObject({ value: null, requests: 1 })
    expect(measured.note).toContain('no answer within 10000 ms')
  })

  it('property: every range asked ends at or below the head, or only after the whole chain was answered; the limit is found exactly when it can be, within the budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          head: fc.integer({ min: 0, max: 3000 }),
          cap: fc.integer({ min: 1, max: 12_000 }),
          maxRange: fc.option(fc.integer({ min: 0, max: 12_000 }), { nil: null }),
          rangeOrder: fc.constantFrom<'size-first' | 'head-first'>('size-first', 'head-first'),
          pastHead: fc.constantFrom<'error' | 'null' | 'partial'>('error', 'null', 'partial'),
        }),
        async (target) => {
          const { cap, head } = target
          const found = await discover(target, cap)
          const limit = target.maxRange ?? Number.MAX_SAFE_INTEGER
          const chain = head + 1
          const tellable = target.rangeOrder === 'size-first'
          let expected: number | string | null
          if (limit === 0) expected = null
          else if (limit < Math.min(cap, chain)) expected = limit
          else if (chain >= cap) expected = `>=${cap}`
          else if (tellable && limit < cap) expected = limit
          else expected = `>=${chain}`
          expect(found.value).toBe(expected)
          expect(found.requests).toBeLessThanOrEqual(budget(cap))
          expect(found.asked.every(([start, end]) => end - start + 1 <= cap && start >= 0)).toBe(true)
          const firstPast = found.asked.findIndex(([, end]) => end > head)
          if (firstPast !== -1) expect(found.asked.slice(0, firstPast)).toContainEqual([0, head])
        },
      ),
      { numRuns: 200 },
    )
  })
})
