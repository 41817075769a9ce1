import { createServer as createHttpServer, request, Agent, type Server as HttpServer } from 'node:http'
import { connect, createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { Gauge, startDelayProxy, type DelayProxy } from './delayProxy.js'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function listen<T extends Server | HttpServer>(server: T): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** An echo server that forwards a half-close: it ends its side once the client has ended its own. */
async function echoServer(): Promise<number> {
  const server = createServer({ allowHalfOpen: true }, (socket) => socket.pipe(socket))
  return listen(server)
}

async function proxyTo(port: number, roundTripMs: number, alsoCount?: { connections?: Gauge; requests?: Gauge }): Promise<DelayProxy> {
  const proxy = await startDelayProxy({ upstreamHost: '127.0.0.1', upstreamPort: port, roundTripMs, ...(alsoCount === undefined ? {} : { alsoCount }) })
  closers.push(() => proxy.close())
  return proxy
}

/** Writes `chunks` one by one through `port` (no waiting between them), ends, and gathers the echo up to its end. */
function echoThrough(port: number, chunks: readonly Buffer[]): Promise<{ received: Buffer; firstByteMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true })
    const parts: Buffer[] = []
    let started = 0
    let firstByteMs = -1
    socket.on('connect', () => {
      started = performance.now()
      for (const chunk of chunks) socket.write(chunk)
      socket.end()
    })
    socket.on('data', (chunk: Buffer) => {
      if (firstByteMs < 0) firstByteMs = performance.now() - started
      parts.push(chunk)
    })
    socket.on('end', () => resolve({ received: Buffer.concat(parts), firstByteMs }))
    socket.on('error', reject)
  })
}

describe('startDelayProxy', () => {
  it('keeps the order of the bytes, delays the round trip, and forwards a half-close after the bytes', { timeout: 5_000 }, async () => {
    const proxy = await proxyTo(await echoServer(), 100)
    // 2000 small writes (many chunks) and a few large ones (pauses and resumes on full buffers).
    const chunks = [
      ...Array.from({ length: 2000 }, (_, index) => Buffer.from(`${index};`)),
      ...Array.from({ length: 4 }, (_, index) => Buffer.alloc(1024 * 1024, 97 + index)),
    ]
    const { received, firstByteMs } = await echoThrough(proxy.port, chunks)
    expect(received.equals(Buffer.concat(chunks))).toBe(true)
    // Half the round trip each way: the echo cannot be back before the whole of it (a generous bound).
    expect(firstByteMs).toBeGreaterThanOrEqual(90)
    expect(proxy.connections.peak).toBe(1)
  })

  it('forwards at once with no delay, in order', async () => {
    const proxy = await proxyTo(await echoServer(), 0)
    const chunks = Array.from({ length: 500 }, (_, index) => Buffer.from(`${index},`))
    const { received } = await echoThrough(proxy.port, chunks)
    expect(received.toString()).toBe(chunks.join(''))
  })

  it('counts the connections open at once and the HTTP requests in flight at once, into shared gauges too', async () => {
    const server = createHttpServer((incoming, response) => {
      incoming.resume()
      incoming.on('end', () => setTimeout(() => response.end('{"ok":true}'), 150))
    })
    const port = await listen(server)
    const shared = { connections: new Gauge(), requests: new Gauge() }
    const proxy = await proxyTo(port, 20, shared)
    const agent = new Agent({ keepAlive: true })
    closers.push(async () => agent.destroy())
    const post = (): Promise<string> =>
      new Promise((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port: proxy.port, method: 'POST', path: '/', agent, headers: { 'content-type': 'application/json' } },
          (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => (body += chunk.toString()))
            response.on('end', () => resolve(body))
          },
        )
        outgoing.on('error', reject)
        outgoing.end('{"id":1}')
      })
    expect(await Promise.all([post(), post(), post()])).toEqual(['{"ok":true}', '{"ok":true}', '{"ok":true}'])
    // One after the other on a kept-alive connection: one in flight at a time.
    await post()
    expect(proxy.connections.peak).toBe(3)
    expect(proxy.requests.peak).toBe(3)
    expect(proxy.requests.total).toBe(4)
    expect(proxy.requests.current).toBe(0)
    expect(shared.requests.peak).toBe(3)
    expect(shared.connections.peak).toBe(3)
    // Each request is in flight for at least the 150 ms the server waits.
    expect(shared.requests.area()).toBeGreaterThanOrEqual(4 * 140)
  })

  it('destroys the client when the upstream cannot be reached, and closes everything on close()', async () => {
    const refused = createServer()
    const port = await listen(refused)
    await new Promise<void>((resolve) => refused.close(() => resolve()))
    const proxy = await proxyTo(port, 10)
    // Destroyed: the client sees its connection end (or reset) with nothing echoed.
    expect(
      await echoThrough(proxy.port, [Buffer.from('x')]).then(
        ({ received }) => received.length,
        () => 0,
      ),
    ).toBe(0)
    const held = await proxyTo(await echoServer(), 10)
    const socket = connect({ host: '127.0.0.1', port: held.port })
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.on('error', () => undefined)
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    await held.close()
    await closed
  })
})
