import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { batchedCalls } from './batchedCalls.js'
import { HttpTransport } from './httpTransport.js'
import { RequestGate } from './requestGate.js'
import { bodyOf, httpServer } from '../../test/servers/throwawayServer.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

type Call = { jsonrpc: string; method: string; params: unknown[]; id: unknown }

/**
 * A target answering a single call with `[method, ...params]` as its result, and a batch as
 * `batch(calls)` says: how a node with broken batches is played. Counts the requests it gets.
 */
async function target(batch: (calls: Call[]) => unknown): Promise<{ http: HttpTransport; requests: () => number }> {
  let requests = 0
  const server = await httpServer((request: IncomingMessage, response: ServerResponse) => {
    requests++
    void bodyOf(request).then((text) => {
      const body = JSON.parse(text) as Call | Call[]
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(body) ? batch(body) : answer(body)))
    })
  })
  const http = new HttpTransport(server.url, { timeoutMs: 5000, maxResponseBytes: 1 << 20, headers: {}, gate: new RequestGate({ concurrency: 4 }) })
  cleanups.push(
    () => server.close(),
    () => http.close(),
  )
  return { http, requests: () => requests }
}

const answer = (call: Call): unknown => ({ jsonrpc: '2.0', id: call.id, result: [call.method, ...call.params] })
const CALLS = [
  { method: 'eth_getTransactionCount', params: ['0xa', 'latest'] },
  { method: 'eth_getBalance', params: ['0xa', 'latest'] },
  { method: 'eth_blockNumber', params: [] },
]
const results = (exchanges: Array<{ response?: unknown }>): unknown[] => exchanges.map((e) => (e.response as { result?: unknown }).result)

describe('batchedCalls', () => {
  it('asks every call in one batch and hands each call its own item, whatever order the items come in', async () => {
    const { http, requests } = await target((calls) => calls.map(answer).reverse())
    const { exchanges, unbatched } = await batchedCalls(http, CALLS)
    expect(requests()).toBe(1)
    expect(unbatched).toBeNull()
    expect(results(exchanges)).toEqual([['eth_getTransactionCount', '0xa', 'latest'], ['eth_getBalance', '0xa', 'latest'], ['eth_blockNumber']])
    expect(exchanges[1]!.request).toEqual({ jsonrpc: '2.0', method: 'eth_getBalance', params: ['0xa', 'latest'], id: 2 })
  })

  it('asks every call alone when the node refuses batches (one error object for the whole batch)', async () => {
    const { http, requests } = await target(() => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batches are not supported' } }))
    const { exchanges, unbatched } = await batchedCalls(http, CALLS)
    expect(requests()).toBe(1 + CALLS.length)
    expect(unbatched).toEqual({ count: 3, why: 'the batch was not answered with an array (HTTP 200)' })
    expect(results(exchanges)).toEqual([['eth_getTransactionCount', '0xa', 'latest'], ['eth_getBalance', '0xa', 'latest'], ['eth_blockNumber']])
  })

  it('asks alone only the calls the batch answered with an error, a missing item or two items for one id', async () => {
    const { http } = await target((calls) => [
      { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'too many requests in one batch' } },
      answer(calls[1]!),
      answer(calls[1]!),
    ])
    const { exchanges, unbatched } = await batchedCalls(http, [...CALLS, { method: 'net_version', params: [] }])
    expect(unbatched).toEqual({
      count: 4,
      why: "the batch's answer held no well-formed item for 3 of its 4 calls, 1 of its 4 items answered an error the call does not answer alone",
    })
    expect(results(exchanges)).toEqual([
      ['eth_getTransactionCount', '0xa', 'latest'],
      ['eth_getBalance', '0xa', 'latest'],
      ['eth_blockNumber'],
      ['net_version'],
    ])
    expect(exchanges[1]!.request).toMatchObject({ method: 'eth_getBalance', id: expect.any(Number) })
  })

  it("keeps an item's error when the call answers the same error alone: the call's own answer, not the batch's", async () => {
    const refused = (call: Call): unknown => ({ jsonrpc: '2.0', id: call.id, error: { code: -32602, message: 'invalid params' } })
    let requests = 0
    const server = await httpServer((request: IncomingMessage, response: ServerResponse) => {
      requests++
      void bodyOf(request).then((text) => {
        const body = JSON.parse(text) as Call | Call[]
        const one = (call: Call): unknown => (call.method === 'eth_getBalance' ? refused(call) : answer(call))
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)))
      })
    })
    const http = new HttpTransport(server.url, { timeoutMs: 5000, maxResponseBytes: 1 << 20, headers: {}, gate: new RequestGate({ concurrency: 4 }) })
    cleanups.push(
      () => server.close(),
      () => http.close(),
    )
    const { exchanges, inBatch, unbatched } = await batchedCalls(http, CALLS)
    expect(unbatched).toBeNull()
    expect(inBatch).toEqual([true, true, true])
    expect((exchanges[1]!.response as { error?: { code: number } }).error?.code).toBe(-32602)
    // The batch, and the refused call asked alone once to tell its own error from the batch's.
    expect(requests).toBe(2)
  })

  it('sends a lone call as a plain call, and nothing for no calls', async () => {
    const { http, requests } = await target(() => {
      throw new Error('no batch expected')
    })
    expect((await batchedCalls(http, [])).exchanges).toEqual([])
    const { exchanges } = await batchedCalls(http, [CALLS[2]!])
    expect(requests()).toBe(1)
    expect(Array.isArray(exchanges[0]!.request)).toBe(false)
  })
})
