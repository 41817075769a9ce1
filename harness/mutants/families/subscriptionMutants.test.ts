import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../testing/proxyFixture.js'
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
