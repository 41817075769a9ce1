import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { bridgeWebSocket } from './bridgeWebSocket.js'
import type { MutantHooks } from './mutant.js'

const servers: WebSocketServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function listen(onConnection: (socket: WebSocket) => void): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  servers.push(server)
  server.on('connection', onConnection)
  await new Promise((resolve) => server.once('listening', resolve))
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The frames a client gets after subscribing through a mutating bridge to a target that notifies in the same breath as it answers. */
async function framesAfterSubscribe(): Promise<Array<Record<string, unknown>>> {
  const target = await listen((socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { id: number; method: string }
      if (request.method !== 'eth_subscribe') return
      // As a node does when a block is sealed just as the subscription opens: the answer, then at once its first notification.
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0xab' }))
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xab', result: { number: '0x1' } } }))
    })
  })
  const hooks: MutantHooks = { response: (_call, response) => response }
  const proxy = await listen((client) => {
    const upstream = new WebSocket(target)
    upstream.once('open', () => bridgeWebSocket(client, upstream, hooks, () => new Promise<never>(() => undefined)))
  })
  const client = new WebSocket(proxy)
  const frames: Array<Record<string, unknown>> = []
  client.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>))
  await new Promise((resolve) => client.once('open', resolve))
  await new Promise((resolve) => setTimeout(resolve, 100))
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
  const deadline = Date.now() + 5000
  while (frames.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  client.close()
  return frames
}

test('a mutating bridge gives the client the answer naming a subscription before its first notification, as the target sent them', async () => {
  const frames = await framesAfterSubscribe()
  expect(frames).toEqual([
    { jsonrpc: '2.0', id: 1, result: '0xab' },
    { jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xab', result: { number: '0x1' } } },
  ])
})
