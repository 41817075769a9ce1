import { EventEmitter } from 'node:events'
import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, request } from 'undici'
import { WebSocket } from 'ws'
import type { MethodHandler } from '../rpc/methodTable.js'
import { startRpcServer, type RpcServer } from './startRpcServer.js'
import { selfSignedCertificate } from '../../test/reference/selfSignedCertificate.js'

const methods = new Map<string, MethodHandler>([
  ['eth_blockNumber', () => '0x2a'],
  ['echo', (params) => params],
])
let server: RpcServer

beforeAll(async () => {
  server = await startRpcServer({ port: 0, methods, events: new EventEmitter(), log: () => {}, maxBodyBytes: 64 * 1024 })
})
afterAll(async () => {
  await server.close()
})

async function post(body: string | Readable, contentType = 'application/json'): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const response = await request(server.url, { method: 'POST', headers: { 'content-type': contentType }, body })
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() }
}

describe('startRpcServer over HTTP', () => {
  it('names its URLs after the bound port', () => {
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.wsUrl).toBe(`ws://127.0.0.1:${server.port}`)
  })

  it('answers a POST with a JSON-RPC response', async () => {
    const answer = await post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json')
    expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2a' })
  })

  it('accepts the three JSON media types l2geth accepts, with parameters', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json-rpc', 'application/jsonrequest', 'Application/JSON']) {
      expect((await post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}', type)).status).toBe(200)
    }
  })

  it('refuses other media types with 415 and a JSON-RPC error body', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}', type)
      expect(answer.status).toBe(415)
      expect(JSON.parse(answer.text)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'invalid content type, only application/json is supported' },
      })
    }
  })

  it('answers malformed JSON with -32700 on HTTP 200', async () => {
    const answer = await post('{"jsonrpc":')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toMatchObject({ id: null, error: { code: -32700 } })
  })

  it('answers a notification, and a batch of notifications only, with 204 and no body', async () => {
    const single = await post('{"jsonrpc":"2.0","method":"eth_blockNumber"}')
    expect([single.status, single.text]).toEqual([204, ''])
    const batch = await post('[{"jsonrpc":"2.0","method":"eth_blockNumber"},{"jsonrpc":"2.0","method":"echo"}]')
    expect([batch.status, batch.text]).toEqual([204, ''])
  })

  it('answers batches per item', async () => {
    const answer = await post('[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"},{"jsonrpc":"2.0","id":2,"method":"nope"}]')
    expect(JSON.parse(answer.text)).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x2a' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'the method nope does not exist/is not available' } },
    ])
  })

  it('refuses a body declared over the limit with 413, before reading it', async () => {
    const answer = await post(' '.repeat(64 * 1024 + 1))
    expect(answer.status).toBe(413)
    expect(answer.headers['connection']).toBe('close')
    expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'content length too large (65537>65536)' } })
  })

  it('refuses a streamed body as soon as it passes the limit, and stops reading', async () => {
    let sent = 0
    async function* endless(): AsyncIterable<Buffer> {
      // Far more than the limit: the server must answer without waiting for the end.
      for (let i = 0; i < 4096; i++) {
        sent += 16 * 1024
        yield Buffer.alloc(16 * 1024, 0x20)
      }
    }
    const answer = await post(Readable.from(endless()))
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32600 } })
    expect(sent).toBeLessThan(4096 * 16 * 1024)
  })

  it('accepts a body just under the limit', async () => {
    const padding = ' '.repeat(64 * 1024 - 60)
    const answer = await post(`{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}${padding}`)
    expect(answer.status).toBe(200)
  })

  it('answers GET and HEAD with an empty 200 (health)', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await request(server.url, { method })
      expect(response.statusCode).toBe(200)
      expect(await response.body.text()).toBe('')
    }
  })

  it('refuses PUT and DELETE with 405 naming the allowed methods', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await request(server.url, { method, headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(response.statusCode).toBe(405)
      expect(response.headers['allow']).toBe('GET, HEAD, POST, OPTIONS')
      expect(JSON.parse(await response.body.text())).toMatchObject({ error: { code: -32600, message: 'method not allowed' } })
    }
  })

  it('answers a CORS preflight with 204', async () => {
    const response = await request(server.url, { method: 'OPTIONS', headers: { origin: 'http://example.org', 'access-control-request-method': 'POST' } })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-methods']).toContain('POST')
    await response.body.dump()
  })

  it('refuses eth_subscribe and eth_unsubscribe over HTTP: notifications not supported', async () => {
    for (const method of ['eth_subscribe', 'eth_unsubscribe']) {
      const answer = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: ['newHeads'] }))
      expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'notifications not supported' } })
    }
  })

  it('keeps the connection alive across requests', async () => {
    const replies = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1')
      const body = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}'
      const one = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk.toString()
        if (received.split('"result":"0x2a"').length === 3) {
          socket.end()
          resolve(received)
        }
      })
      socket.on('error', reject)
      socket.write(one + one)
    })
    expect(replies).not.toMatch(/connection: close/i)
  })

  it('answers garbage that is not HTTP with a bare 400, and keeps serving', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1')
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('close', () => resolve(received))
      socket.write('NOT HTTP AT ALL\r\n\r\n')
    })
    expect(reply).toMatch(/^HTTP\/1.1 400/)
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')).status).toBe(200)
  })
})

describe('startRpcServer', () => {
  it('rejects with EADDRINUSE when the port is taken', async () => {
    await expect(startRpcServer({ port: server.port, methods, log: () => {} })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })

  it('closes while a client holds an idle keep-alive connection', async () => {
    const other = await startRpcServer({ port: 0, methods, log: () => {} })
    const socket = connect(other.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await other.close()
    await closed
  })
})

const certificate = selfSignedCertificate()

describe.skipIf(certificate === undefined)('startRpcServer over TLS', () => {
  it('serves HTTPS and WSS on one port, and nothing in plain HTTP', async () => {
    const secure = await startRpcServer({ port: 0, methods, log: () => {}, tls: certificate! })
    const dispatcher = new Agent({ connect: { ca: certificate!.cert } })
    try {
      expect(secure.url).toBe(`https://127.0.0.1:${secure.port}`)
      expect(secure.wsUrl).toBe(`wss://127.0.0.1:${secure.port}`)
      const response = await request(secure.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
        dispatcher,
      })
      expect(JSON.parse(await response.body.text())).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2a' })
      const socket = new WebSocket(secure.wsUrl, { ca: certificate!.cert })
      const answer = await new Promise<string>((resolve, reject) => {
        socket.once('open', () => socket.send('{"jsonrpc":"2.0","id":2,"method":"eth_blockNumber"}'))
        socket.once('message', (data: Buffer) => resolve(data.toString()))
        socket.once('error', reject)
      })
      socket.close()
      expect(JSON.parse(answer)).toEqual({ jsonrpc: '2.0', id: 2, result: '0x2a' })
      await expect(request(`http://127.0.0.1:${secure.port}`, { method: 'POST', body: '{}' })).rejects.toThrow()
    } finally {
      await dispatcher.close()
      await secure.close()
    }
  })
})
