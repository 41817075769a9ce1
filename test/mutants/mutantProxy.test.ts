import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OMIT, type MutantDefinition } from './mutant.js'
import { startProxyFixture, type ProxyFixture } from './proxyFixture.js'
import { errorAnswer, resultAnswer } from './rpcMessage.js'

const testMutants: MutantDefinition[] = [
  {
    name: 'hang-chain-id',
    requirement: 'RPC-HTTP',
    description: 'eth_chainId never answers',
    create: () => ({ request: (call) => (call.method === 'eth_chainId' ? { hang: true } : undefined) }),
  },
  {
    name: 'splice',
    requirement: 'RPC-HTTP',
    description: 'net_version answered here, eth_gasPrice left out, eth_blockNumber response dropped',
    create: () => ({
      request: (call) =>
        call.method === 'net_version' ? { answer: resultAnswer(call.id, 'local') } : call.method === 'eth_gasPrice' ? { omit: true } : undefined,
      response: (call, response) => (call.method === 'eth_blockNumber' ? OMIT : response),
    }),
  },
]

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(testMutants)
})
afterAll(async () => {
  await fixture?.close()
})

describe('clean forwards everything unchanged', () => {
  test('HTTP: the same bytes reach the target and come back, headers included', async () => {
    const text = '{ "jsonrpc": "2.0", "method": "eth_chainId", "params": [], "id": 7 }'
    const direct = await fetch(fixture.upstream.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    const viaProxy = await fixture.postText('clean', text)
    expect(fixture.upstream.httpBodies.at(-1)).toBe(text)
    expect(viaProxy.text).toBe(await direct.text())
    expect(viaProxy.headers.get('x-upstream')).toBe('fake')
    expect(viaProxy.headers.get('content-type')).toBe('application/json')
  })

  test("HTTP: batches, malformed JSON and a GET health check are the target's own answers", async () => {
    const batch = await fixture.post('clean', [
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
      { jsonrpc: '2.0', method: 'nope', params: [], id: 2 },
    ])
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x385' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'the method nope does not exist/is not available' } },
    ])
    expect((await fixture.postText('clean', '{"jsonrpc":')).json).toMatchObject({ id: null, error: { code: -32700 } })
    expect((await fetch(fixture.proxy.url('clean').rpc)).status).toBe(200)
    expect((await fetch(fixture.proxy.url('clean').rpc, { method: 'PUT' })).status).toBe(405)
  })

  test('WebSocket: requests, batches and subscriptions', async () => {
    const socket = await fixture.socket('clean')
    expect(await socket.request({ jsonrpc: '2.0', method: 'net_version', params: [], id: 'a' })).toEqual({ jsonrpc: '2.0', id: 'a', result: '901' })
    expect(await socket.request([{ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }])).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x385' }])
    const subscribed = (await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 2 })) as { result: string }
    fixture.upstream.emitHead()
    const [notification] = await socket.waitForNotifications(1, 5_000)
    expect(notification).toMatchObject({ method: 'eth_subscription', params: { subscription: subscribed.result, result: { number: '0x3' } } })
  })

  test('REST: path and query reach the target base; its statuses and headers come back', async () => {
    const ok = await fixture.rest('clean', '/portfolio?addresses=0xabc')
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ success: true, query: '?addresses=0xabc' })
    expect((await fixture.rest('clean', '/nowhere')).status).toBe(404)
    const post = await fixture.rest('clean', '/portfolio', { method: 'POST', body: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  test('an unknown mutant is a 404, and has no address', async () => {
    const base = new URL(fixture.proxy.url('clean').rpc).origin
    expect((await fetch(`${base}/no-such-mutant/rpc`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect(() => fixture.proxy.url('no-such-mutant')).toThrow(/no mutant named/)
  })
})

describe('hooks', () => {
  test('a batch: items answered here are spliced in, omitted ones are left out, the rest go to the target as one batch', async () => {
    const before = fixture.upstream.httpBodies.length
    const answer = await fixture.post('splice', [
      { jsonrpc: '2.0', method: 'net_version', params: [], id: 1 },
      { jsonrpc: '2.0', method: 'eth_gasPrice', params: [], id: 2 },
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 3 },
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 4 },
      5,
    ])
    expect(answer.json).toEqual([resultAnswer(1, 'local'), resultAnswer(3, '0x385'), errorAnswer(null, -32600, 'invalid request')])
    expect(fixture.upstream.httpBodies.length).toBe(before + 1)
    expect(JSON.parse(fixture.upstream.httpBodies.at(-1)!)).toHaveLength(3)
  })

  test('a single request omitted by a hook gets an empty answer', async () => {
    const answer = await fixture.post('splice', { jsonrpc: '2.0', method: 'eth_gasPrice', params: [], id: 1 })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('')
  })

  test('a hanging request hangs alone, and stop() releases it over HTTP and WebSocket', async () => {
    const own = await startProxyFixture(testMutants)
    let settled = false
    const hanging = own
      .call('hang-chain-id', 'eth_chainId')
      .then(
        () => 'answered',
        () => 'connection closed',
      )
      .finally(() => {
        settled = true
      })
    const socket = await own.socket('hang-chain-id')
    const wsHanging = socket.request({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 })
    expect(await own.call('hang-chain-id', 'net_version')).toEqual(resultAnswer(expect.any(Number), '901'))
    expect(await socket.request({ jsonrpc: '2.0', method: 'net_version', params: [], id: 2 })).toEqual(resultAnswer(2, '901'))
    expect(settled).toBe(false)
    await own.close()
    expect(await hanging).toBe('connection closed')
    let wsSettled = false
    void wsHanging.then(() => {
      wsSettled = true
    })
    await socket.close()
    expect(wsSettled).toBe(false)
  })
})
