import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { exposureMutants } from './exposureMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(exposureMutants)
})
afterAll(async () => {
  await fixture?.close()
})

const DEAD = '0x000000000000000000000000000000000000dEaD'
const beside = (method: string, params: unknown[]): unknown[] => [
  { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
  { jsonrpc: '2.0', method, params, id: 2 },
]

test('clean refuses every method the variants expose', async () => {
  for (const method of ['personal_listAccounts', 'admin_nodeInfo', 'eth_sign', 'debug_getRawHeader', 'txpool_status', 'eth_signTransaction'])
    expect(await fixture.call('clean', method, [])).toMatchObject({ error: { code: -32601 } })
})

test('the four one-method variants answer over HTTP and WebSocket, never forwarding the call', async () => {
  const before = fixture.upstream.httpBodies.length
  expect(await fixture.call('exposure-personal-lists-account', 'personal_listAccounts', [], 1)).toEqual({
    jsonrpc: '2.0',
    id: 1,
    result: ['0xf39Fd6e51aad88F6F4ce6aB8827279cfffb92266'],
  })
  expect(await fixture.call('exposure-admin-node-info', 'admin_nodeInfo')).toMatchObject({ result: { enode: expect.stringMatching(/^enode:\/\//) } })
  expect(await fixture.call('exposure-eth-sign', 'eth_sign', [DEAD, '0x00'])).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
  expect(await fixture.call('exposure-debug-raw-header', 'debug_getRawHeader', ['latest'])).toMatchObject({ result: expect.stringMatching(/^0xf9/) })
  expect(fixture.upstream.httpBodies.length).toBe(before)
  const socket = await fixture.socket('exposure-eth-sign')
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_sign', params: [DEAD, '0x00'], id: 3 })).toMatchObject({ id: 3, result: expect.any(String) })
  // Each variant exposes its one method and nothing else.
  expect(await fixture.call('exposure-eth-sign', 'personal_listAccounts')).toMatchObject({ error: { code: -32601 } })
})

test('exposure-txpool-over-ws: refused over HTTP, answered over WebSocket', async () => {
  expect(await fixture.call('exposure-txpool-over-ws', 'txpool_status')).toMatchObject({ error: { code: -32601 } })
  const socket = await fixture.socket('exposure-txpool-over-ws')
  expect(await socket.request({ jsonrpc: '2.0', method: 'txpool_status', params: [], id: 1 })).toMatchObject({ result: { pending: '0x0', queued: '0x0' } })
})

test('exposure-sign-in-batch: refused alone, answered inside a batch beside an allowed call', async () => {
  const params = [{ from: DEAD, to: DEAD, value: '0x0' }]
  expect(await fixture.call('exposure-sign-in-batch', 'eth_signTransaction', params)).toMatchObject({ error: { code: -32601 } })
  const batch = await fixture.post('exposure-sign-in-batch', beside('eth_signTransaction', params))
  expect(batch.json).toEqual([
    { jsonrpc: '2.0', id: 1, result: '0x385' },
    { jsonrpc: '2.0', id: 2, result: { raw: expect.stringMatching(/^0xf86c/), tx: {} } },
  ])
})
