import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RpcCall } from '../mutant.js'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { subscriptionMutants } from './subscriptionMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(subscriptionMutants)
})
afterAll(async () => {
  await fixture?.close()
})

test('subscribe-unsubscribe-ignored: eth_unsubscribe answers true, and the notifications go on', async () => {
  const socket = await fixture.socket('subscribe-unsubscribe-ignored')
  const { result: id } = (await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })) as { result: string }
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_unsubscribe', params: [id], id: 2 })).toEqual({ jsonrpc: '2.0', id: 2, result: true })
  fixture.upstream.emitHead()
  expect(await socket.waitForNotifications(1, 5_000)).toEqual([expect.objectContaining({ params: expect.objectContaining({ subscription: id }) })])
})

test('subscribe-no-new-heads: a subscription id, then silence; the clean variant notifies', async () => {
  const broken = await fixture.socket('subscribe-no-new-heads')
  const clean = await fixture.socket('clean')
  expect(await broken.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })).toMatchObject({ result: expect.any(String) })
  await clean.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })
  fixture.upstream.emitHead()
  expect(await clean.waitForNotifications(1, 5_000)).toHaveLength(1)
  // The same notification went to both upstream sockets; the clean one has arrived, and a later request on
  // the broken socket is answered after anything the upstream sent it before.
  expect(await broken.request({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 2 })).toMatchObject({ result: '0x385' })
  expect(broken.notifications).toEqual([])
})

test('subscribe-drops-every-other-head: the first head arrives, the second never does, the third does', async () => {
  const socket = await fixture.socket('subscribe-drops-every-other-head')
  await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })
  for (let i = 0; i < 3; i++) fixture.upstream.emitHead()
  expect(await socket.waitForNotifications(2, 5_000)).toHaveLength(2)
  // A later answer on the socket comes after everything the upstream sent before it.
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 2 })).toMatchObject({ result: '0x385' })
  expect(await socket.waitForNotifications(3, 200)).toHaveLength(2)
})

test('subscribe-mislabelled-id: notifications come under another id', async () => {
  const socket = await fixture.socket('subscribe-mislabelled-id')
  const { result: id } = (await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })) as { result: string }
  fixture.upstream.emitHead()
  const [notification] = (await socket.waitForNotifications(1, 5_000)) as Array<{ params: { subscription: string } }>
  expect(notification?.params.subscription).toMatch(/^0x/)
  expect(notification?.params.subscription).not.toBe(id)
})

test('subscribe-logs-filter-ignored: the address filter is dropped before the target sees it; other subscriptions go through', () => {
  const hooks = subscriptionMutants.find((m) => m.name === 'subscribe-logs-filter-ignored')!.create()
  const call = (params: unknown[]): RpcCall => ({
    request: { jsonrpc: '2.0', method: 'eth_subscribe', params, id: 1 },
    method: 'eth_subscribe',
    params,
    id: 1,
    notification: false,
    transport: 'ws',
    inBatch: false,
  })
  expect(hooks.request?.(call(['logs', { address: '0x' + 'aa'.repeat(20) }]))).toEqual({
    forward: { jsonrpc: '2.0', method: 'eth_subscribe', params: ['logs', {}], id: 1 },
  })
  expect(hooks.request?.(call(['logs', {}]))).toBeUndefined()
  expect(hooks.request?.(call(['newHeads']))).toBeUndefined()
})
