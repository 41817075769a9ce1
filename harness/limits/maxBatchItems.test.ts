import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from '../transport/httpTransport.js'
import { searchBudget } from './largestAccepted.js'
import { BATCH_HINTS, cheapBatch, maxBatchItems } from './maxBatchItems.js'
import { limitedTargetServer, syntheticExchange, type TargetLimits } from '../../test/servers/limitedTarget.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

describe('maxBatchItems', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('finds a batch limit of 1000 over HTTP in two requests of eth_chainId only', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null, maxBatch: 1000 })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const sent: unknown[] = []
    const measured = await maxBatchItems({ cap: 10_000, send: (body) => (sent.push(body), http.send(body)) })
    await http.close()
    expect(measured).toEqual({
      value: 1000,
      requests: 2,
      note: 'batches of up to 1000 items are answered per item; 1001 items: -32600 "batch too large (max 1000)"',
    })
    expect(sent.map((body) => (body as unknown[]).length)).toEqual([1000, 1001])
    expect(sent.flat().every((item) => (item as { method: string }).method === 'eth_chainId')).toBe(true)
  })

  it('says when the refusal was the body limit (HTTP 413), not an item limit', async () => {
    const server = await limitedTargetServer({ head: 0, maxRange: null, maxBytes: 20_000 })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const measured = await maxBatchItems({ cap: 10_000, send: (body) => http.send(body) })
    await http.close()
    const fits = Math.floor((20_000 - 1) / (JSON.stringify(cheapBatch(2)).length - JSON.stringify(cheapBatch(1)).length))
    expect(measured.value).toBeGreaterThan(fits - 100)
    expect(JSON.stringify(cheapBatch(measured.value as number)).length).toBeLessThanOrEqual(20_000)
    expect(JSON.stringify(cheapBatch((measured.value as number) + 1)).length).toBeGreaterThan(20_000)
    expect(measured.note).toMatch(/HTTP 413: the \d+-byte body was too large, so this may be the body limit/)
  })

  it('counts items answered with errors as a refusal', async () => {
    const measured = await maxBatchItems({
      cap: 50,
      send: async (body) => {
        const items = body as Array<{ id: number }>
        const response = items.map((item, i) =>
          i < 10 ? { jsonrpc: '2.0', id: item.id, result: '0x1' } : { jsonrpc: '2.0', id: item.id, error: { code: -32005, message: 'too many calls' } },
        )
        return { transport: 'http', url: 'http://target', request: body, httpStatus: 200, response, startedAt: 0, durationMs: 0 }
      },
    })
    expect(measured.value).toBe(10)
    expect(measured.note).toContain('1 of 11 items answered an error, e.g. -32005 "too many calls"')
  })

  it('property: for any batch limit below the cap it finds exactly that limit within its budget; without a limit, ">=cap"', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3000 }), fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }), async (cap, maxBatch) => {
        const target: TargetLimits = { head: 0, maxRange: null, maxBatch }
        let sizes = 0
        const measured = await maxBatchItems({
          cap,
          send: async (body) => ((sizes = Math.max(sizes, (body as unknown[]).length)), syntheticExchange(target, body)),
        })
        expect(measured.value).toBe(maxBatch === null || maxBatch >= cap ? `>=${cap}` : maxBatch)
        expect(measured.requests).toBeLessThanOrEqual(searchBudget(1, cap, BATCH_HINTS.length))
        expect(sizes).toBeLessThanOrEqual(cap)
      }),
      { numRuns: 60 },
    )
  })
})
