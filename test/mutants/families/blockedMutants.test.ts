import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { blockedMutants } from './blockedMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(blockedMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const TX = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }
const HASH = /^0x[0-9a-f]{64}$/

test('blocked-accounts-empty-list: [] over HTTP, WebSocket and in a batch, never forwarded', async () => {
  const before = fixture.upstream.httpBodies.length
  expect(await fixture.call('blocked-accounts-empty-list', 'eth_getAccounts', [], 1)).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
  expect(fixture.upstream.httpBodies.length).toBe(before)
  const socket = await fixture.socket('blocked-accounts-empty-list')
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_getAccounts', params: [], id: 2 })).toMatchObject({ result: [] })
})

test('blocked-accounts-in-batch: refused alone, [] inside a batch', async () => {
  expect(await fixture.call('blocked-accounts-in-batch', 'eth_getAccounts')).toMatchObject({ error: { code: -32601 } })
  const batch = await fixture.post('blocked-accounts-in-batch', [
    { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
    { jsonrpc: '2.0', method: 'eth_getAccounts', params: [], id: 2 },
  ])
  expect(batch.json).toEqual([
    { jsonrpc: '2.0', id: 1, result: '0x385' },
    { jsonrpc: '2.0', id: 2, result: [] },
  ])
})

test('blocked-sendtx-fake-hash and blocked-sendtx-over-ws: a hash where the node refuses', async () => {
  expect(await fixture.call('blocked-sendtx-fake-hash', 'eth_sendTransaction', [TX])).toMatchObject({ result: expect.stringMatching(HASH) })
  expect(await fixture.call('blocked-sendtx-over-ws', 'eth_sendTransaction', [TX])).toMatchObject({ error: { code: -32601 } })
  const socket = await fixture.socket('blocked-sendtx-over-ws')
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_sendTransaction', params: [TX], id: 1 })).toMatchObject({ result: expect.stringMatching(HASH) })
})

test('sendraw-garbage-accepted: a refusal becomes a hash', async () => {
  expect(await fixture.call('clean', 'eth_sendRawTransaction', ['0xdead'])).toMatchObject({ error: { code: -32000 } })
  expect(await fixture.call('sendraw-garbage-accepted', 'eth_sendRawTransaction', ['0xdead'])).toMatchObject({ result: expect.stringMatching(HASH) })
})

test('blocked-sendtx-weighs-price: a -32003 price refusal over HTTP and WebSocket, never forwarded', async () => {
  const before = fixture.upstream.httpBodies.length
  expect(await fixture.call('blocked-sendtx-weighs-price', 'eth_sendTransaction', [{ ...TX, value: '0x0', gasPrice: '0x0' }], 3)).toEqual({
    jsonrpc: '2.0',
    id: 3,
    error: { code: -32003, message: 'max fee per gas less than block base fee' },
  })
  expect(fixture.upstream.httpBodies.length).toBe(before)
  const socket = await fixture.socket('blocked-sendtx-weighs-price')
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_sendTransaction', params: [TX], id: 4 })).toMatchObject({ error: { code: -32003 } })
})
