import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from '../transport/httpTransport.js'
import { RequestGate } from '../transport/requestGate.js'
import { bodyOf, httpServer } from '../../test/servers/throwawayServer.js'
import { senderStates } from './senderStates.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

type Call = { method: string; params: unknown[]; id: number }
const SENDERS = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000b2']

/** What a read answers: the head 0x2a, a nonce of 3 (latest) or 4 (pending), a balance of 0x64. */
function answerOf(call: Call): unknown {
  if (call.method === 'eth_blockNumber') return '0x2a'
  if (call.method === 'eth_getBalance') return '0x64'
  return call.params[1] === 'pending' ? '0x4' : '0x3'
}

/** A node that records each request it gets (a batch as its items' reads) and answers batches unless `batches` is false. */
async function node(batches = true): Promise<{ http: HttpTransport; requests: string[][] }> {
  const requests: string[][] = []
  const server = await httpServer((request: IncomingMessage, response: ServerResponse) => {
    void bodyOf(request).then((text) => {
      const body = JSON.parse(text) as Call | Call[]
      const calls = Array.isArray(body) ? body : [body]
      requests.push(calls.map((c) => (c.method === 'eth_getTransactionCount' ? `nonce ${String(c.params[1])}` : c.method)))
      response.setHeader('content-type', 'application/json')
      const answer = (c: Call) => ({ jsonrpc: '2.0', id: c.id, result: answerOf(c) })
      if (Array.isArray(body) && !batches) response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batches' } }))
      else response.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  const http = new HttpTransport(server.url, { timeoutMs: 5000, maxResponseBytes: 1 << 20, headers: {}, gate: new RequestGate({ concurrency: 8 }) })
  cleanups.push(
    () => server.close(),
    () => http.close(),
  )
  return { http, requests }
}

const distinct = (reads: string[]): string[] => [...new Set(reads)]
const state = { head: 42n, nonce: '0x3', pending: '0x4', balance: '0x64' }

describe('senderStates: the reads of every sender, in batches one after the other', () => {
  it('before a call: the head first, then the latest nonces and balances, then the pending nonces', async () => {
    const { http, requests } = await node()
    const { states, unbatched } = await senderStates(http, SENDERS, 'before')
    expect(requests.map(distinct)).toEqual([['eth_blockNumber'], ['nonce latest', 'eth_getBalance'], ['nonce pending']])
    expect(requests[1]).toHaveLength(4)
    expect(states).toEqual([state, state])
    expect(unbatched).toBeNull()
  })

  it('after a call: the pending nonces first, then the latest nonces and balances, the head last', async () => {
    const { http, requests } = await node()
    const { states } = await senderStates(http, SENDERS, 'after')
    expect(requests.map(distinct)).toEqual([['nonce pending'], ['nonce latest', 'eth_getBalance'], ['eth_blockNumber']])
    expect(states).toEqual([state, state])
  })

  it('reads one call at a time where batches are refused, keeping the steps in order, and says so', async () => {
    const { http, requests } = await node(false)
    const { states, unbatched } = await senderStates(http, SENDERS, 'before')
    const singles = requests.filter((r) => r.length === 1).map((r) => r[0]!)
    // Every latest nonce and balance is read before any pending nonce.
    expect(singles.lastIndexOf('nonce latest')).toBeLessThan(singles.indexOf('nonce pending'))
    expect(singles.lastIndexOf('eth_getBalance')).toBeLessThan(singles.indexOf('nonce pending'))
    expect(singles[0]).toBe('eth_blockNumber')
    expect(states).toEqual([state, state])
    expect(unbatched).toMatch(/4 of 4 reads sent alone .*2 of 2 reads sent alone/)
  })

  it('reads nothing for no senders', async () => {
    const { http, requests } = await node()
    expect(await senderStates(http, [], 'before')).toEqual({ states: [], unbatched: null })
    expect(requests).toEqual([])
  })
})
