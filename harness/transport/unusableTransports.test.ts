import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from './httpTransport.js'
import { RequestGate } from './requestGate.js'
import { bodyOf, httpServer, wsServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'
import { RunHealth } from './transportHealth.js'
import type { TransportOptions } from './transportOptions.js'
import { WsTransport } from './wsTransport.js'

// The health of real transports against throwaway targets: what makes a transport unusable, what
// never does (the false alarms the health must not raise), and what "unusable" then means.

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

function options(health: RunHealth, timeoutMs = 3000): TransportOptions {
  return { timeoutMs, maxResponseBytes: 1024 * 1024, headers: {}, gate: new RequestGate({ concurrency: 4 }), health }
}

async function serve(answer: (body: string, count: number) => string | null): Promise<ThrowawayServer & { requests: () => number }> {
  let count = 0
  const server = await httpServer((request, response) => {
    void bodyOf(request).then((body) => {
      const text = answer(body, ++count)
      if (text === null) return // hang
      response.setHeader('content-type', 'application/json')
      response.end(text)
    })
  })
  cleanups.push(() => server.close())
  return Object.assign(server, { requests: () => count })
}

function http(server: ThrowawayServer, health: RunHealth, timeoutMs?: number): HttpTransport {
  const transport = new HttpTransport(server.url, options(health, timeoutMs))
  cleanups.push(() => transport.close())
  return transport
}

const idOf = (body: string): unknown => (JSON.parse(body) as { id?: unknown }).id

describe('HTTP JSON-RPC health', () => {
  it('ids echoed as strings: unusable after three answers, then every call returns at once, unsent, with the first evidence', async () => {
    const server = await serve((body) => JSON.stringify({ jsonrpc: '2.0', id: String(idOf(body)), result: '0x1' }))
    const health = new RunHealth()
    const transport = http(server, health)
    for (let index = 0; index < 3; index++) expect((await transport.call('eth_chainId')).failure).toBeUndefined()
    const next = await transport.call('eth_blockNumber')
    expect(next.failure).toEqual({
      code: 'L2CONF_ERR_UNUSABLE',
      message: 'http is unusable: 3 answers in a row had a broken JSON-RPC envelope; the first: the answer to eth_chainId (id 1) carries id "1"',
    })
    expect((await transport.sendRaw('{')).failure?.code).toBe('L2CONF_ERR_UNUSABLE')
    expect(server.requests()).toBe(3)
  })

  it('never condemns a correct node: id null for a parse error, errors with the right id, one slow answer', async () => {
    const server = await serve((body, count) => {
      let id: unknown
      try {
        id = idOf(body)
      } catch {
        return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
      }
      if (count === 6) return null // one request (nope_slow) hangs
      return JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } })
    })
    const health = new RunHealth()
    const transport = http(server, health, 1000)
    for (let index = 0; index < 4; index++) await transport.sendRaw('{"jsonrpc":"2.0","method":')
    expect((await transport.call('nope_one')).failure).toBeUndefined()
    expect((await transport.call('nope_slow')).failure?.code).toBe('L2CONF_ERR_TIMEOUT')
    await new Promise((resolve) => setTimeout(resolve, 200)) // the liveness question is answered
    expect((await transport.call('nope_two')).failure).toBeUndefined()
    expect(health.http.unusable).toBeUndefined()
  })

  it('answers of 17 MiB to calls of one item: unusable after three, named by the first; the same answers to eth_getBlockRange never condemn', async () => {
    const huge = (body: string): string => JSON.stringify({ jsonrpc: '2.0', id: idOf(body), result: `0x${'a'.repeat(17 * 1024 * 1024)}` })
    const server = await serve(huge)
    const health = new RunHealth()
    // A time-out well past what 17 MiB take to build and send, even on a loaded machine.
    const transport = http(server, health, 10_000)
    for (let index = 0; index < 5; index++)
      expect((await transport.call('eth_getBlockRange', ['0x0', '0x3e8', true])).failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect(health.http.unusable).toBeUndefined()
    for (let index = 0; index < 3; index++) expect((await transport.call('eth_blockNumber')).failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect((await transport.call('eth_chainId')).failure).toEqual({
      code: 'L2CONF_ERR_UNUSABLE',
      message: expect.stringMatching(
        /^http is unusable: 3 answers in a row to calls of one item were oversized .*the first: eth_blockNumber: the response is larger than the cap/,
      ),
    })
    expect(server.requests()).toBe(8)
  })

  it('a target that stops answering: one time-out, a liveness question unanswered, then calls return at once', async () => {
    const server = await serve((body, count) => (count === 1 ? JSON.stringify({ jsonrpc: '2.0', id: idOf(body), result: '0x1' }) : null))
    const health = new RunHealth()
    const transport = http(server, health, 1000)
    expect((await transport.call('eth_chainId')).failure).toBeUndefined()
    const inFlight = transport.call('eth_blockNumber')
    expect((await transport.call('eth_getBalance')).failure?.code).toBe('L2CONF_ERR_TIMEOUT')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(health.http.unusable?.message).toMatch(/^http is unusable: a request got no answer .* and a liveness request got none/)
    expect((await inFlight).failure?.code).toMatch(/L2CONF_ERR_(TIMEOUT|UNUSABLE)/)
    const started = performance.now()
    expect((await transport.call('eth_chainId')).failure?.code).toBe('L2CONF_ERR_UNUSABLE')
    expect(performance.now() - started).toBeLessThan(100)
  })

  it('a result nested 100,000 deep is refused, named by its depth', async () => {
    const server = await serve((body) => `{"jsonrpc":"2.0","id":${JSON.stringify(idOf(body))},"result":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const exchange = await http(server, new RunHealth()).call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_BAD_RESPONSE', message: expect.stringContaining('MAX_JSON_DEPTH') })
    expect(exchange.response).toBeUndefined()
  })

  it('a result of a million members in one object is refused unparsed (parsing it takes seconds), named by its width', async () => {
    const server = await serve((body) => `{"jsonrpc":"2.0","id":${JSON.stringify(idOf(body))},"result":${millionMembers}}`)
    const transport = new HttpTransport(server.url, { ...options(new RunHealth(), 10_000), maxResponseBytes: 64 * 1024 * 1024 })
    cleanups.push(() => transport.close())
    const exchange = await transport.call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_BAD_RESPONSE', message: expect.stringContaining('MAX_OBJECT_MEMBERS') })
    expect(exchange.response).toBeUndefined()
  })
})

/** An object of a million members, "k0":0 to "k999999":999999 (about 16 MB). */
const millionMembers = `{${Array.from({ length: 1_000_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`

describe('WebSocket health', () => {
  async function wsTarget(onText: (socket: { send(text: string): void }, text: string) => void): Promise<string> {
    const server = await wsServer((socket) => socket.on('message', (data: Buffer) => onText(socket, data.toString('utf8'))))
    cleanups.push(() => server.close())
    return server.url
  }

  it('ids off by one: each waiting call gets its answer at once, and the connection is unusable after three', async () => {
    const url = await wsTarget((socket, text) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: (idOf(text) as number) + 1, result: '0x1' })))
    const health = new RunHealth()
    const ws = await WsTransport.connect(url, options(health, 10_000))
    cleanups.push(() => ws.close())
    const started = performance.now()
    for (let index = 0; index < 3; index++) expect((await ws.call('eth_chainId')).response).toMatchObject({ id: index + 2 })
    expect(performance.now() - started).toBeLessThan(3000)
    expect((await ws.call('eth_chainId')).failure?.message).toBe(
      'ws is unusable: 3 answers in a row had a broken JSON-RPC envelope; the first: the answer to eth_chainId (id 1) carries id 2',
    )
    // Every later connection of the run is unusable too, without connecting.
    const later = await WsTransport.connect(url, options(health))
    expect((await later.call('eth_chainId')).failure?.code).toBe('L2CONF_ERR_UNUSABLE')
  })

  it('an answer of a million members in one object fails the one call waiting, unparsed, named by its width', async () => {
    const url = await wsTarget((socket, text) => socket.send(`{"jsonrpc":"2.0","id":${JSON.stringify(idOf(text))},"result":${millionMembers}}`))
    const ws = await WsTransport.connect(url, { ...options(new RunHealth(), 10_000), maxResponseBytes: 64 * 1024 * 1024 })
    cleanups.push(() => ws.close())
    const exchange = await ws.call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_BAD_RESPONSE', message: expect.stringContaining('MAX_OBJECT_MEMBERS') })
    expect(exchange.rawResponse?.startsWith('{"jsonrpc":"2.0","id":1,"result":{"k0":0,')).toBe(true)
  })

  it('answers of 17 MiB to calls of one item: unusable after three, named by the first', async () => {
    const huge = `0x${'a'.repeat(17 * 1024 * 1024)}`
    const url = await wsTarget((socket, text) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: idOf(text), result: huge })))
    const health = new RunHealth()
    const ws = await WsTransport.connect(url, { ...options(health, 10_000), maxResponseBytes: 64 * 1024 * 1024 })
    cleanups.push(() => ws.close())
    for (let index = 0; index < 3; index++) expect((await ws.call('eth_chainId')).failure).toBeUndefined()
    expect((await ws.call('eth_chainId')).failure?.message).toMatch(
      /^ws is unusable: 3 answers in a row to calls of one item were oversized .*the first: eth_chainId was answered with 17825\d{3} bytes$/,
    )
  })

  it('counts unsolicited responses and notifications per connection without condemning a node that answers right', async () => {
    const url = await wsTarget((socket, text) => {
      socket.send('{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0xdead","result":1}}')
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: idOf(text), result: '0x1' }))
      socket.send('{"jsonrpc":"2.0","id":424242,"result":"0x0"}')
    })
    const health = new RunHealth()
    const ws = await WsTransport.connect(url, options(health))
    cleanups.push(() => ws.close())
    for (let index = 0; index < 5; index++) expect((await ws.call('eth_chainId')).failure).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ws.unsolicitedNotifications).toBe(5)
    expect(ws.unsolicitedResponses).toBe(5)
    expect(health.unsolicited.responses).toMatchObject({ count: 5, connections: 1, samples: expect.arrayContaining([expect.stringContaining('424242')]) })
    expect(health.unsolicited.notifications).toMatchObject({ count: 5, connections: 1 })
    expect(health.ws.unusable).toBeUndefined()
  })
})
