import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import type { Exchange } from './exchange.js'
import { RequestGate } from './requestGate.js'
import { httpServer, refusedUrl, tcpServer, wsServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'
import type { TransportOptions } from './transportOptions.js'
import { WsTransport } from './wsTransport.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

function options(overrides: Partial<TransportOptions> = {}): TransportOptions {
  return { timeoutMs: 5000, maxResponseBytes: 64 * 1024, headers: {}, gate: new RequestGate({ concurrency: 8 }), ...overrides }
}

async function serve(onMessage: (socket: WebSocket, text: string) => void, onConnect?: (socket: WebSocket) => void): Promise<ThrowawayServer> {
  const server = await wsServer((socket) => {
    onConnect?.(socket)
    socket.on('message', (data) => onMessage(socket, String(data)))
  })
  cleanups.push(() => server.close())
  return server
}

async function connect(url: string, overrides: Partial<TransportOptions> = {}, settings: { notificationCap?: number } = {}): Promise<WsTransport> {
  const ws = await WsTransport.connect(url, options(overrides), settings)
  cleanups.unshift(() => ws.close())
  return ws
}

/** Answers each request (or each item of a batch) with `result(request)`; malformed text with -32700 id null. */
function answering(result: (request: { method: string; params?: unknown; id?: unknown }) => unknown) {
  return (socket: WebSocket, text: string): void => {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return socket.send('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}')
    }
    const one = (request: { method: string; id?: unknown }) => ({ jsonrpc: '2.0', id: request.id ?? null, result: result(request) })
    socket.send(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body as { method: string })))
  }
}

describe('WsTransport against a well-behaved target', () => {
  it('matches answers to requests by id, even out of order', async () => {
    const held: Array<() => void> = []
    const server = await serve((socket, text) => {
      const request = JSON.parse(text) as { id: number; method: string }
      held.push(() => socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.method })))
      if (held.length === 3) for (const send of held.reverse()) send()
    })
    const ws = await connect(server.url)
    const [a, b, c] = await Promise.all([ws.call('a'), ws.call('b', ['x']), ws.call('c')])
    expect([a, b, c].map((e) => (e.response as { result: string }).result)).toEqual(['a', 'b', 'c'])
    expect(b).toMatchObject({ transport: 'ws', url: server.url, request: { jsonrpc: '2.0', method: 'b', params: ['x'], id: 2 } })
    expect(b.failure).toBeUndefined()
  })

  it('sends a batch as one frame and waits for the array', async () => {
    const frames: string[] = []
    const server = await serve((socket, text) => {
      frames.push(text)
      answering((r) => r.method)(socket, text)
    })
    const ws = await connect(server.url)
    const batch = await ws.send([
      { jsonrpc: '2.0', method: 'a', id: 'x' },
      { jsonrpc: '2.0', method: 'b', id: 'y' },
    ])
    expect(frames).toHaveLength(1)
    expect(batch.response).toEqual([
      { jsonrpc: '2.0', id: 'x', result: 'a' },
      { jsonrpc: '2.0', id: 'y', result: 'b' },
    ])
  })

  it('sends raw text and takes the id-null answer as its answer', async () => {
    const server = await serve(answering(() => 1))
    const ws = await connect(server.url)
    const exchange = await ws.sendRaw('{"jsonrpc":"2.0",')
    expect(exchange).toMatchObject({ request: '{"jsonrpc":"2.0",', requestIsRaw: true, response: { id: null, error: { code: -32700 } } })
  })

  it('sends batches and raw texts one after another on a connection: an answer without a usable id can only be for the one in flight', async () => {
    const events: string[] = []
    // An empty batch and unreadable text are both answered by an object with id null; the raw text's answer comes sooner.
    const server = await serve((socket, text) => {
      const empty = text === '[]'
      events.push(`got ${empty ? 'batch' : 'raw'}`)
      const code = empty ? -32600 : -32700
      setTimeout(
        () => {
          events.push(`answered ${empty ? 'batch' : 'raw'}`)
          socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message: 'refused' } }))
        },
        empty ? 60 : 10,
      )
    })
    const ws = await connect(server.url)
    const [batch, raw] = await Promise.all([ws.send([]), ws.sendRaw('{"jsonrpc":"2.0",')])
    expect(events).toEqual(['got batch', 'answered batch', 'got raw', 'answered raw'])
    expect(batch.response).toMatchObject({ id: null, error: { code: -32600 } })
    expect(raw.response).toMatchObject({ id: null, error: { code: -32700 } })
  })

  it('sends a request whose id is in flight only once that one is answered, and refuses a body JSON cannot write', async () => {
    const events: string[] = []
    const server = await serve((socket, text) => {
      const method = (JSON.parse(text) as { method: string }).method
      events.push(`got ${method}`)
      setTimeout(() => {
        events.push(`answered ${method}`)
        answering((r) => r.method)(socket, text)
      }, 50)
    })
    const ws = await connect(server.url)
    const [first, second] = await Promise.all([ws.send({ jsonrpc: '2.0', method: 'a', id: 5 }), ws.send({ jsonrpc: '2.0', method: 'b', id: 5 })])
    expect([first.response, second.response]).toEqual([
      { jsonrpc: '2.0', id: 5, result: 'a' },
      { jsonrpc: '2.0', id: 5, result: 'b' },
    ])
    expect(events).toEqual(['got a', 'answered a', 'got b', 'answered b'])
    expect((await ws.send({ big: 1n })).failure?.code).toBe('L2CONF_ERR_USAGE')
  })

  it('sends the configured headers on the upgrade and records only their names', async () => {
    let authorization: string | undefined
    const server = await wsServer((socket, request) => {
      authorization = request.headers.authorization
      socket.on('message', (data) => answering(() => 1)(socket, String(data)))
    })
    cleanups.push(() => server.close())
    const ws = await connect(server.url, { headers: { Authorization: 'Bearer s3cret' } })
    const exchange = await ws.call('eth_chainId')
    expect(authorization).toBe('Bearer s3cret')
    expect(exchange.secretHeaders).toEqual(['Authorization'])
    expect(JSON.stringify(exchange)).not.toContain('s3cret')
  })

  it("calls onExchange in the caller's async context", async () => {
    const server = await serve(answering(() => 1))
    const storage = new AsyncLocalStorage<string>()
    const seen: Array<[string | undefined, Exchange]> = []
    const ws = await connect(server.url, { onExchange: (exchange) => seen.push([storage.getStore(), exchange]) })
    const exchange = await storage.run('check', () => ws.call('eth_chainId'))
    expect(seen).toEqual([['check', exchange]])
  })
})

describe('WsTransport subscriptions', () => {
  /** A node with one subscription kind: it notifies on demand ("tick") and keeps notifying after unsubscribing when told to. */
  async function notifyingNode(lateAfterUnsubscribe: number) {
    let notify: (result: unknown) => void = () => undefined
    const server = await serve((socket, text) => {
      const request = JSON.parse(text) as { id: number; method: string; params: unknown[] }
      if (request.method === 'eth_subscribe') {
        if (request.params[0] !== 'newHeads')
          return socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'no "foo" subscription in eth namespace' } }))
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0xs1' }))
        notify = (result) => socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xs1', result } }))
        // A notification in the same burst as the answer: it must not be lost.
        notify({ number: '0x1' })
        return
      }
      if (request.method === 'eth_unsubscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: true }))
        for (let i = 0; i < lateAfterUnsubscribe; i++) notify({ number: 'late' })
        return
      }
      if (request.method === 'tick') notify({ number: '0x2' })
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: null }))
    })
    return server
  }

  it('yields notifications, stops after unsubscribe, and counts late ones', async () => {
    const server = await notifyingNode(2)
    const ws = await connect(server.url)
    const heads = await ws.subscribe(['newHeads'])
    expect(heads.id).toBe('0xs1')
    expect(heads.exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: '0xs1' })
    expect(await heads.next(1000)).toEqual({ value: { number: '0x1' } })
    await ws.call('tick')
    expect(await heads.next(1000)).toEqual({ value: { number: '0x2' } })
    expect(await heads.next(50)).toEqual({ timedOut: true })
    const unsubscribe = await heads.unsubscribe()
    expect(unsubscribe.response).toMatchObject({ result: true })
    await ws.call('ping')
    expect(heads.lateNotifications).toBe(2)
    expect(heads.received).toEqual([{ number: '0x1' }, { number: '0x2' }])
    expect(await heads.next(1000)).toEqual({ closed: true })
  })

  it('iterates notifications until the subscription ends', async () => {
    const server = await notifyingNode(0)
    const ws = await connect(server.url)
    const heads = await ws.subscribe(['newHeads'])
    await ws.call('tick')
    const seen: unknown[] = []
    for await (const head of heads) {
      seen.push(head)
      if (seen.length === 2) void heads.unsubscribe()
    }
    expect(seen).toEqual([{ number: '0x1' }, { number: '0x2' }])
  })

  it('gives a subscription with id null when the node answers an error', async () => {
    const server = await notifyingNode(0)
    const ws = await connect(server.url)
    const foo = await ws.subscribe(['foo'])
    expect(foo.id).toBeNull()
    expect(foo.exchange.response).toMatchObject({ error: { code: -32601 } })
    expect(await foo.next(1000)).toEqual({ closed: true })
    expect((await foo.unsubscribe()).failure?.code).toBe('L2CONF_ERR_USAGE')
  })

  it('keeps a bounded buffer under a flood of notifications', async () => {
    const server = await serve((socket, text) => {
      const request = JSON.parse(text) as { id: number; method: string }
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0xf' }))
      if (request.method === 'eth_subscribe') {
        for (let i = 0; i < 5000; i++) socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xf', result: i } }))
      }
    })
    const ws = await connect(server.url, {}, { notificationCap: 100 })
    const flood = await ws.subscribe(['newHeads'])
    await ws.call('ping')
    expect(flood.received).toHaveLength(100)
    expect(flood.received[99]).toBe(4999)
    expect(flood.dropped).toBeGreaterThan(4800)
    const next = await flood.next(100)
    expect('value' in next && typeof next.value === 'number' && next.value >= 4800).toBe(true)
  })
})

/** Completes a WebSocket upgrade by hand on a raw socket (so a test can then misbehave byte by byte). */
function acceptUpgrade(socket: Socket, request: string): void {
  const key = /sec-websocket-key: *(\S+)/i.exec(request)?.[1] ?? ''
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64')
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
}

/** Writes `bytes` one at a time, every `ms`, until they run out or the socket closes. */
function drip(socket: Socket, bytes: Buffer, ms: number): void {
  let next = 0
  const timer = setInterval(() => {
    if (socket.destroyed || next >= bytes.length) return clearInterval(timer)
    socket.write(bytes.subarray(next, ++next))
  }, ms)
  socket.on('close', () => clearInterval(timer))
}

describe('WsTransport against a hostile target', () => {
  it('times out on the total time when an answer frame drips in', async () => {
    const server = await tcpServer((socket) => {
      socket.once('data', (upgrade) => {
        acceptUpgrade(socket, String(upgrade))
        // On the request frame: an unmasked text frame header announcing 100 bytes, then the bytes, slowly.
        socket.once('data', () => drip(socket, Buffer.concat([Buffer.from([0x81, 100]), Buffer.alloc(100, 0x20)]), 20))
      })
    })
    cleanups.push(() => server.close())
    const ws = await connect(server.url.replace('http', 'ws'), { timeoutMs: 300 })
    const exchange = await ws.call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 300 ms' })
  })

  it('rejects TIMEOUT when the upgrade answer drips in past the timeout', async () => {
    const server = await tcpServer((socket) => {
      socket.once('data', () => drip(socket, Buffer.from('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n'.repeat(4)), 10))
    })
    cleanups.push(() => server.close())
    await expect(WsTransport.connect(server.url.replace('http', 'ws'), options({ timeoutMs: 250 }))).rejects.toMatchObject({ code: 'L2CONF_ERR_TIMEOUT' })
  })

  it('times out a request the target never answers', async () => {
    const server = await serve(() => undefined)
    const exchange = await (await connect(server.url, { timeoutMs: 150 })).call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 150 ms' })
  })

  it('times out an answer with the wrong id, keeping the stray frame as evidence', async () => {
    const server = await serve((socket) => socket.send('{"jsonrpc":"2.0","id":999,"result":"0x1"}'))
    const ws = await connect(server.url, { timeoutMs: 150 })
    const exchange = await ws.call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_TIMEOUT')
    expect(exchange.strayFrames).toEqual({ count: 1, samples: ['{"jsonrpc":"2.0","id":999,"result":"0x1"}'] })
    expect(ws.strayFrames).toBe(1)
  })

  it('still matches its answers under a flood of unsolicited frames', async () => {
    const server = await serve((socket, text) => {
      const request = JSON.parse(text) as { id: number }
      for (let i = 0; i < 20_000; i++) socket.send(i % 2 === 0 ? `{"jsonrpc":"2.0","id":${100_000 + i},"result":"junk"}` : 'garbage')
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: 'mine' }))
    })
    const ws = await connect(server.url, { timeoutMs: 10_000 })
    const exchange = await ws.call('eth_chainId')
    expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: 'mine' })
    expect(ws.strayFrames).toBe(20_000)
  })

  it('takes a garbage answer to a raw probe as its rawResponse', async () => {
    const server = await serve((socket) => socket.send('<html>oops</html>'))
    const exchange = await (await connect(server.url)).sendRaw('{"x":')
    expect(exchange).toMatchObject({ rawResponse: '<html>oops</html>' })
    expect(exchange.failure).toBeUndefined()
  })

  it('fails TOO_LARGE on a frame past the cap and drops the connection', async () => {
    const server = await serve((socket, text) => {
      const request = JSON.parse(text) as { id: number }
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: 'x'.repeat(200 * 1024) }))
    })
    const ws = await connect(server.url, { maxResponseBytes: 64 * 1024 })
    const exchange = await ws.call('eth_getBlockByNumber')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect((await ws.call('eth_chainId')).failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    await expect.poll(() => server.sockets.size).toBe(0)
  })

  it('fails CLOSED when the target closes the connection with requests in flight', async () => {
    const server = await serve((socket) => socket.terminate())
    const ws = await connect(server.url, { timeoutMs: 5000 })
    const exchange = await ws.call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_CLOSED')
    expect((await ws.call('eth_chainId')).failure?.code).toBe('L2CONF_ERR_CLOSED')
  })

  it('fails CLOSED on requests after close()', async () => {
    const server = await serve(answering(() => 1))
    const ws = await connect(server.url)
    await ws.close()
    expect((await ws.call('eth_chainId')).failure).toEqual({ code: 'L2CONF_ERR_CLOSED', message: 'the transport was closed' })
  })

  it('rejects TIMEOUT when the server never completes the upgrade', async () => {
    // Reads the upgrade request (so it sees the close) and never answers.
    const server = await tcpServer((socket) => socket.resume())
    cleanups.push(() => server.close())
    await expect(WsTransport.connect(server.url.replace('http', 'ws'), options({ timeoutMs: 200 }))).rejects.toMatchObject({ code: 'L2CONF_ERR_TIMEOUT' })
    await expect.poll(() => server.sockets.size).toBe(0)
  })

  it('rejects UNREACHABLE when the upgrade is answered with another status, RATE_LIMITED for 429', async () => {
    const server = await httpServer((request, response) => {
      response.statusCode = request.url === '/busy' ? 429 : 404
      response.end('no websocket here')
    })
    cleanups.push(() => server.close())
    const ws = server.url.replace('http', 'ws')
    await expect(WsTransport.connect(ws, options())).rejects.toMatchObject({ code: 'L2CONF_ERR_UNREACHABLE', details: { httpStatus: 404 } })
    await expect(WsTransport.connect(`${ws}/busy`, options())).rejects.toMatchObject({ code: 'L2CONF_ERR_RATE_LIMITED' })
  })

  it('rejects BAD_RESPONSE when a 101 is not a WebSocket upgrade', async () => {
    const server = await tcpServer((socket) =>
      socket.once('data', () =>
        socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: wrong\r\n\r\n'),
      ),
    )
    cleanups.push(() => server.close())
    await expect(WsTransport.connect(server.url.replace('http', 'ws'), options())).rejects.toMatchObject({ code: 'L2CONF_ERR_BAD_RESPONSE' })
  })

  it('rejects UNREACHABLE quickly when the connection is refused, USAGE for a bad address', async () => {
    const url = (await refusedUrl()).replace('http', 'ws')
    await expect(WsTransport.connect(url, options({ timeoutMs: 10_000 }))).rejects.toMatchObject({ code: 'L2CONF_ERR_UNREACHABLE' })
    await expect(WsTransport.connect('http://127.0.0.1:1', options())).rejects.toMatchObject({ code: 'L2CONF_ERR_USAGE' })
  })
})
