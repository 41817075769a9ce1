import { EventEmitter } from 'node:events'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { request } from 'undici'
import { WebSocket } from 'ws'
import type { MethodHandler } from '../rpc/methodTable.js'
import type { LogFilter } from './subscribeParams.js'
import { startRpcServer, type RpcServer } from './startRpcServer.js'

const events = new EventEmitter()
const header = { number: '0x1', hash: `0x${'ab'.repeat(32)}` }
const methods = new Map<string, MethodHandler>([
  ['eth_blockNumber', () => '0x2a'],
  ['echo', (params) => params],
  // Emits an event while the request is still being answered.
  [
    'test_mine',
    () => {
      events.emit('newHead', header)
      return true
    },
  ],
])
const matched: unknown[] = []
function matchesLogFilter(log: { address: string }, filter: LogFilter): boolean {
  matched.push(log)
  return filter.addresses === null || filter.addresses.includes(log.address)
}
const logged: string[] = []
let server: RpcServer

beforeAll(async () => {
  server = await startRpcServer({ port: 0, methods, events, matchesLogFilter, log: (line) => logged.push(line), maxWsPayloadBytes: 64 * 1024 })
})
afterAll(async () => {
  await server.close()
})

/** A small JSON-RPC WebSocket client: answers by id, notifications in arrival order. */
class Client {
  readonly socket: WebSocket
  readonly messages: unknown[] = []
  private readonly waiters: Array<() => void> = []

  constructor(url: string) {
    this.socket = new WebSocket(url)
    this.socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString()))
      for (const wake of this.waiters.splice(0)) wake()
    })
  }

  async open(): Promise<this> {
    if (this.socket.readyState !== WebSocket.OPEN) await new Promise((resolve) => this.socket.once('open', resolve))
    return this
  }

  async next(predicate: (message: unknown) => boolean): Promise<unknown> {
    for (;;) {
      const found = this.messages.find(predicate)
      if (found !== undefined) {
        this.messages.splice(this.messages.indexOf(found), 1)
        return found
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve))
    }
  }

  async call(method: string, params?: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
    const id = Math.floor(Math.random() * 1e9)
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }))
    return (await this.next((message) => (message as { id?: unknown }).id === id)) as { result?: unknown; error?: { code: number; message: string } }
  }

  notification(subscription: string): Promise<unknown> {
    return this.next((message) => (message as { params?: { subscription?: string } }).params?.subscription === subscription)
  }

  close(): Promise<number> {
    return new Promise((resolve) => {
      this.socket.once('close', (code) => resolve(code))
      this.socket.close()
    })
  }
}

async function httpAnswer(body: string): Promise<unknown> {
  const response = await request(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return JSON.parse(await response.body.text())
}

describe('JSON-RPC over WebSocket', () => {
  it('gives the same answers as HTTP, batches and errors included', async () => {
    const client = await new Client(server.wsUrl).open()
    const payloads = [
      '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}',
      '{"jsonrpc":"2.0","id":2,"method":"nope"}',
      '[{"jsonrpc":"2.0","id":3,"method":"echo","params":[1]},{"jsonrpc":"2.0","id":4,"method":"eth_blockNumber"}]',
      '{"jsonrpc":"2.0","id":5,"method":"echo","params":"x"}',
      '[]',
      '{"jsonrpc":',
    ]
    for (const payload of payloads) {
      client.socket.send(payload)
      const overWs = await client.next(() => true)
      expect(overWs).toEqual(await httpAnswer(payload))
    }
    await client.close()
  })

  it('answers binary frames too, and never answers a notification', async () => {
    const client = await new Client(server.wsUrl).open()
    client.socket.send(Buffer.from('{"jsonrpc":"2.0","method":"eth_blockNumber"}'))
    client.socket.send(Buffer.from('{"jsonrpc":"2.0","id":9,"method":"eth_blockNumber"}'), { binary: true })
    expect(await client.next(() => true)).toEqual({ jsonrpc: '2.0', id: 9, result: '0x2a' })
    expect(client.messages).toEqual([])
    await client.close()
  })

  it('closes the socket with 1009 on a message over the limit', async () => {
    const client = await new Client(server.wsUrl).open()
    const code = new Promise((resolve) => client.socket.once('close', resolve))
    client.socket.send(' '.repeat(64 * 1024 + 1))
    expect(await code).toBe(1009)
  })
})

describe('eth_subscribe / eth_unsubscribe', () => {
  it('notifies newHeads with the eth_subscription envelope until unsubscribed', async () => {
    const client = await new Client(server.wsUrl).open()
    const { result: id } = await client.call('eth_subscribe', ['newHeads'])
    expect(id).toMatch(/^0x[1-9a-f][0-9a-f]{31}$/)
    events.emit('newHead', header)
    expect(await client.notification(id as string)).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: id, result: header },
    })
    expect(await client.call('eth_unsubscribe', [id])).toMatchObject({ result: true })
    expect(await client.call('eth_unsubscribe', [id])).toMatchObject({ result: false })
    events.emit('newHead', header)
    // A later answer arrives after any notification the emit could have caused.
    await client.call('eth_blockNumber')
    expect(client.messages).toEqual([])
    await client.close()
  })

  it('sends the subscribe answer before the first notification, even inside a batch', async () => {
    const client = await new Client(server.wsUrl).open()
    client.socket.send('[{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]},{"jsonrpc":"2.0","id":2,"method":"test_mine"}]')
    const batch = (await client.next(() => true)) as Array<{ id: number; result: unknown }>
    expect(batch.map((item) => item.id)).toEqual([1, 2])
    const notification = (await client.next(() => true)) as { params: { subscription: unknown } }
    expect(notification.params.subscription).toBe(batch[0]?.result)
    await client.close()
  })

  it('delivers logs that pass the filter, one notification per log', async () => {
    const client = await new Client(server.wsUrl).open()
    const wanted = `0x${'11'.repeat(20)}`
    const { result: id } = await client.call('eth_subscribe', ['logs', { address: wanted, topics: [null] }])
    events.emit('logs', [
      { address: `0x${'22'.repeat(20)}`, logIndex: '0x0' },
      { address: wanted, logIndex: '0x1' },
      { address: wanted, logIndex: '0x2' },
    ])
    expect(await client.notification(id as string)).toMatchObject({ params: { result: { logIndex: '0x1' } } })
    expect(await client.notification(id as string)).toMatchObject({ params: { result: { logIndex: '0x2' } } })
    await client.call('eth_blockNumber')
    expect(client.messages).toEqual([])
    await client.close()
  })

  it('delivers pending transaction hashes and syncing status', async () => {
    const client = await new Client(server.wsUrl).open()
    const { result: pending } = await client.call('eth_subscribe', ['newPendingTransactions'])
    const { result: syncing } = await client.call('eth_subscribe', ['syncing'])
    events.emit('pendingTransaction', `0x${'cd'.repeat(32)}`)
    events.emit('syncing', false)
    expect(await client.notification(pending as string)).toMatchObject({ params: { result: `0x${'cd'.repeat(32)}` } })
    expect(await client.notification(syncing as string)).toMatchObject({ params: { result: false } })
    await client.close()
  })

  it('refuses unknown kinds with -32601 and bad params with -32602', async () => {
    const client = await new Client(server.wsUrl).open()
    expect(await client.call('eth_subscribe', ['foo'])).toMatchObject({ error: { code: -32601, message: 'no "foo" subscription in eth namespace' } })
    expect(await client.call('eth_subscribe', [])).toMatchObject({ error: { code: -32602 } })
    expect(await client.call('eth_subscribe', ['logs', { address: 'nope' }])).toMatchObject({ error: { code: -32602 } })
    expect(await client.call('eth_subscribe', ['newHeads', true])).toMatchObject({ error: { code: -32602 } })
    expect(await client.call('eth_unsubscribe', [])).toMatchObject({ error: { code: -32602 } })
    await client.close()
  })

  it("cannot cancel another connection's subscription", async () => {
    const owner = await new Client(server.wsUrl).open()
    const other = await new Client(server.wsUrl).open()
    const { result: id } = await owner.call('eth_subscribe', ['newHeads'])
    expect(await other.call('eth_unsubscribe', [id])).toMatchObject({ result: false })
    await Promise.all([owner.close(), other.close()])
  })

  it("ends a connection's subscriptions when its socket closes", async () => {
    const client = await new Client(server.wsUrl).open()
    await client.call('eth_subscribe', ['logs', {}])
    await client.call('eth_subscribe', ['logs', { address: `0x${'33'.repeat(20)}` }])
    await client.close()
    await vi.waitFor(() => {
      matched.length = 0
      events.emit('logs', [{ address: `0x${'33'.repeat(20)}` }])
      expect(matched).toEqual([])
    })
  })
})

describe('WebSocket backpressure and keepalive', () => {
  it('drops a subscriber that stops reading, with close code 1008', async () => {
    const emitter = new EventEmitter()
    const lines: string[] = []
    const small = await startRpcServer({ port: 0, methods, events: emitter, log: (line) => lines.push(line), maxWsBufferedBytes: 256 * 1024 })
    const client = await new Client(small.wsUrl).open()
    await client.call('eth_subscribe', ['newHeads'])
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve))
    client.socket.pause()
    const big = { number: '0x1', extraData: `0x${'00'.repeat(64 * 1024)}` }
    await vi.waitFor(() => {
      for (let i = 0; i < 50; i++) emitter.emit('newHead', big)
      expect(lines.some((line) => line.includes('client too slow'))).toBe(true)
    })
    client.socket.resume()
    // The close frame follows the unread data; a client that still does not read is cut (1006).
    expect([1008, 1006]).toContain(await closed)
    expect(emitter.listenerCount('newHead')).toBe(1)
    await small.close()
  })

  it('terminates a client that stops answering pings', async () => {
    const emitter = new EventEmitter()
    let calls = 0
    const quick = await startRpcServer({
      port: 0,
      methods,
      events: emitter,
      matchesLogFilter: () => {
        calls++
        return true
      },
      log: () => {},
      wsPingIntervalMs: 20,
    })
    const client = await new Client(quick.wsUrl).open()
    await client.call('eth_subscribe', ['logs', {}])
    // While paused the client cannot answer pings; once it is cut off, its subscription ends.
    client.socket.pause()
    await vi.waitFor(
      () => {
        calls = 0
        emitter.emit('logs', [{}])
        expect(calls).toBe(0)
      },
      { timeout: 5_000, interval: 20 },
    )
    client.socket.terminate()
    await quick.close()
  })
})
