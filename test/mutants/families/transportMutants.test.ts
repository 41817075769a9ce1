import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { transportMutants } from './transportMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(transportMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const request = (method: string, id?: unknown, params: unknown[] = []): Record<string, unknown> => ({
  jsonrpc: '2.0',
  method,
  params,
  ...(id === undefined ? {} : { id }),
})

test('envelope-falsy-id-null: ids 0 and "" come back null, other ids as sent, over both transports', async () => {
  expect(await fixture.call('envelope-falsy-id-null', 'eth_chainId', [], 0)).toEqual({ jsonrpc: '2.0', id: null, result: '0x385' })
  expect(await fixture.call('envelope-falsy-id-null', 'eth_chainId', [], '')).toMatchObject({ id: null })
  expect(await fixture.call('envelope-falsy-id-null', 'eth_chainId', [], 1)).toMatchObject({ id: 1 })
  const socket = await fixture.socket('envelope-falsy-id-null')
  expect(await socket.sendText(JSON.stringify(request('eth_chainId', 0)))).toMatchObject({ id: null, result: '0x385' })
})

test('envelope-error-without-jsonrpc: a single -32601 error loses jsonrpc; results and batch items keep it', async () => {
  expect(await fixture.call('envelope-error-without-jsonrpc', 'nope', [], 9)).toEqual({
    id: 9,
    error: { code: -32601, message: 'the method nope does not exist/is not available' },
  })
  expect(await fixture.call('envelope-error-without-jsonrpc', 'eth_chainId')).toHaveProperty('jsonrpc', '2.0')
  expect((await fixture.post('envelope-error-without-jsonrpc', [request('nope', 3)])).json).toEqual([expect.objectContaining({ jsonrpc: '2.0' })])
})

test('http-notification-answered: a notification in an HTTP batch gets an item', async () => {
  const batch = [request('eth_chainId'), request('eth_chainId', 7)]
  expect((await fixture.post('http-notification-answered', batch)).json).toEqual([
    { jsonrpc: '2.0', id: null, result: null },
    { jsonrpc: '2.0', id: 7, result: '0x385' },
  ])
  expect((await fixture.post('clean', batch)).json).toEqual([{ jsonrpc: '2.0', id: 7, result: '0x385' }])
})

test('http-batch-truncated: HTTP batches answer 8 items at most; WebSocket batches are whole', async () => {
  const batch = Array.from({ length: 10 }, (_, i) => request('eth_chainId', i + 1))
  expect((await fixture.post('http-batch-truncated', batch)).json).toHaveLength(8)
  expect((await fixture.post('http-batch-truncated', batch.slice(0, 4))).json).toHaveLength(4)
  const socket = await fixture.socket('http-batch-truncated')
  expect(await socket.request(batch)).toHaveLength(10)
})

test('http-text-plain: the body is unchanged, the content type is text/plain', async () => {
  const answer = await fixture.post('http-text-plain', request('eth_chainId', 1))
  expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: '0x385' })
})

test('ws-net-version-off-by-one: net_version differs over WebSocket only', async () => {
  expect(await fixture.call('ws-net-version-off-by-one', 'net_version')).toMatchObject({ result: '901' })
  const socket = await fixture.socket('ws-net-version-off-by-one')
  expect(await socket.request(request('net_version', 1))).toMatchObject({ result: '902' })
  expect(await socket.request([request('net_version', 2)])).toEqual([expect.objectContaining({ result: '901' })])
})

test('ws-method-missing: eth_getCode answers -32601 over WebSocket (alone and in a batch), a result over HTTP', async () => {
  expect(await fixture.call('ws-method-missing', 'eth_getCode', ['0x0000000000000000000000000000000000000000', 'latest'])).toMatchObject({ result: '0x' })
  const socket = await fixture.socket('ws-method-missing')
  expect(await socket.request(request('eth_getCode', 1))).toMatchObject({ id: 1, error: { code: -32601 } })
  expect(await socket.request([request('eth_chainId', 2), request('eth_getCode', 3)])).toEqual([
    expect.objectContaining({ id: 2, result: '0x385' }),
    expect.objectContaining({ id: 3, error: expect.objectContaining({ code: -32601 }) }),
  ])
})

test('ws-batch-refused: a WebSocket batch gets one -32600 error; HTTP batches work', async () => {
  const socket = await fixture.socket('ws-batch-refused')
  expect(await socket.request([request('eth_chainId', 1)])).toMatchObject({ id: null, error: { code: -32600 } })
  expect(await socket.request(request('eth_chainId', 2))).toMatchObject({ result: '0x385' })
  expect((await fixture.post('ws-batch-refused', [request('eth_chainId', 1)])).json).toEqual([expect.objectContaining({ result: '0x385' })])
})
