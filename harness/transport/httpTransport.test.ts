import { AsyncLocalStorage } from 'node:async_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import type { Exchange } from './exchange.js'
import { HttpTransport } from './httpTransport.js'
import { rpcOutcome } from './jsonRpcResponse.js'
import { RequestGate } from './requestGate.js'
import { bodyOf, httpServer, refusedUrl, tcpServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'
import type { TransportOptions } from './transportOptions.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

function options(overrides: Partial<TransportOptions> = {}): TransportOptions {
  return { timeoutMs: 5000, maxResponseBytes: 64 * 1024, headers: {}, gate: new RequestGate({ concurrency: 4 }), ...overrides }
}

function transport(server: ThrowawayServer | string, overrides: Partial<TransportOptions> = {}): HttpTransport {
  const http = new HttpTransport(typeof server === 'string' ? server : server.url, options(overrides))
  cleanups.push(() => http.close())
  return http
}

async function serve(...args: Parameters<typeof httpServer>): Promise<ThrowawayServer> {
  const server = await httpServer(...args)
  cleanups.push(() => server.close())
  return server
}

/** A well-behaved JSON-RPC target answering every request with `result(request)`. */
function jsonRpc(result: (request: { method: string; params?: unknown; id?: unknown }) => unknown) {
  return (request: Parameters<Parameters<typeof httpServer>[0]>[0], response: Parameters<Parameters<typeof httpServer>[0]>[1]) => {
    void bodyOf(request).then((text) => {
      const body = JSON.parse(text) as { method: string; id?: unknown } | Array<{ method: string; id?: unknown }>
      const answer = (one: { method: string; id?: unknown }) => ({ jsonrpc: '2.0', id: one.id ?? null, result: result(one) })
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  }
}

describe('HttpTransport against a well-behaved target', () => {
  it('POSTs JSON-RPC with increasing ids and records the exchange', async () => {
    const seen: unknown[] = []
    const server = await serve((request, response) => {
      void bodyOf(request).then((text) => {
        seen.push({ method: request.method, contentType: request.headers['content-type'], body: JSON.parse(text) })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(text) as { id: unknown }).id, result: '0x385' }))
      })
    })
    const http = transport(server)
    const first = await http.call('eth_chainId')
    const second = await http.call('eth_getBlockByNumber', ['latest', false])
    expect(seen).toEqual([
      { method: 'POST', contentType: 'application/json', body: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 } },
      { method: 'POST', contentType: 'application/json', body: { jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: ['latest', false], id: 2 } },
    ])
    expect(first).toMatchObject({ transport: 'http', url: server.url, httpStatus: 200, response: { jsonrpc: '2.0', id: 1, result: '0x385' } })
    expect(first.headers?.['content-type']).toBe('application/json')
    expect(first.failure).toBeUndefined()
    expect(first.durationMs).toBeGreaterThan(0)
    expect(rpcOutcome(second)).toEqual({ kind: 'result', value: '0x385' })
  })

  it('sends a batch as one array and any JSON value as-is', async () => {
    const server = await serve(jsonRpc((request) => request.method))
    const http = transport(server)
    const batch = await http.send([
      { jsonrpc: '2.0', method: 'a', id: 7 },
      { jsonrpc: '2.0', method: 'b', id: 8 },
    ])
    expect(batch.response).toEqual([
      { jsonrpc: '2.0', id: 7, result: 'a' },
      { jsonrpc: '2.0', id: 8, result: 'b' },
    ])
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect((await http.send(cyclic)).failure?.code).toBe('L2CONF_ERR_USAGE')
  })

  it('sends raw text with another method or content type, and records what it changed', async () => {
    const seen: unknown[] = []
    const server = await serve((request, response) => {
      void bodyOf(request).then((text) => {
        seen.push([request.method, request.headers['content-type'], text])
        response.statusCode = request.headers['content-type'] === 'text/plain' ? 415 : 200
        response.end(request.method === 'GET' ? '' : '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}')
      })
    })
    const http = transport(server)
    const malformed = await http.sendRaw('{"jsonrpc":"2.0","method":')
    expect(malformed).toMatchObject({ request: '{"jsonrpc":"2.0","method":', requestIsRaw: true, response: { error: { code: -32700 } } })
    expect(malformed.httpMethod).toBeUndefined()
    const wrongType = await http.sendRaw('{}', { contentType: 'text/plain' })
    expect(wrongType).toMatchObject({ httpStatus: 415, requestHeaders: { 'content-type': 'text/plain' } })
    const health = await http.sendRaw('', { method: 'get' })
    expect(health).toMatchObject({ httpStatus: 200, httpMethod: 'GET', rawResponse: '' })
    // A probe's own headers (a CORS preflight's) go beside the transport's, and are recorded with the content type.
    const preflight = await http.sendRaw('', { method: 'OPTIONS', headers: { origin: 'https://l2conf.invalid' } })
    expect(preflight.requestHeaders).toEqual({ 'content-type': 'application/json', origin: 'https://l2conf.invalid' })
    expect(seen).toEqual([
      ['POST', 'application/json', '{"jsonrpc":"2.0","method":'],
      ['POST', 'text/plain', '{}'],
      ['GET', 'application/json', ''],
      ['OPTIONS', 'application/json', ''],
    ])
  })

  it('sends the configured headers but records only their names', async () => {
    let authorization: string | undefined
    const server = await serve((request, response) => {
      authorization = request.headers.authorization
      jsonRpc(() => request.headers['x-api-key'])(request, response)
    })
    const http = transport(server, { headers: { Authorization: 'Bearer s3cret', 'X-Api-Key': 'k3y' } })
    const exchange = await http.call('eth_chainId')
    expect(authorization).toBe('Bearer s3cret')
    expect(exchange.secretHeaders).toEqual(['Authorization', 'X-Api-Key'])
    const { response: _echo, ...recorded } = exchange
    expect(JSON.stringify(recorded)).not.toMatch(/s3cret|k3y/)
  })

  it('turns user:password in the address into Basic auth and masks it in evidence', async () => {
    let authorization: string | undefined
    const server = await serve((request, response) => {
      authorization = request.headers.authorization
      jsonRpc(() => 1)(request, response)
    })
    const http = transport(server.url.replace('http://', 'http://me:pw@'))
    const exchange = await http.call('eth_chainId')
    expect(authorization).toBe(`Basic ${Buffer.from('me:pw').toString('base64')}`)
    expect(exchange.url).toBe(`http://***:***@127.0.0.1:${server.port}/`)
  })

  it("calls onExchange once per exchange, in the caller's async context", async () => {
    const server = await serve(jsonRpc(() => 1))
    const storage = new AsyncLocalStorage<string>()
    const seen: Array<[string | undefined, Exchange]> = []
    const http = transport(server, { onExchange: (exchange) => seen.push([storage.getStore(), exchange]) })
    const [a, b] = await Promise.all([storage.run('check a', () => http.call('a')), storage.run('check b', () => http.call('b'))])
    expect(seen).toEqual([
      ['check a', a],
      ['check b', b],
    ])
  })

  it('refuses a bad address as a usage error', () => {
    expect(() => new HttpTransport('not a url', options())).toThrow(expect.objectContaining({ code: 'L2CONF_ERR_USAGE' }))
    expect(() => new HttpTransport('ws://127.0.0.1:1', options())).toThrow(expect.objectContaining({ code: 'L2CONF_ERR_USAGE' }))
  })

  it('answers CLOSED after close, without sending', async () => {
    const server = await serve(jsonRpc(() => 1))
    const http = transport(server)
    await http.close()
    expect((await http.call('eth_chainId')).failure?.code).toBe('L2CONF_ERR_CLOSED')
  })
})

describe('HttpTransport against a hostile target', () => {
  it('times out on a target that never answers', async () => {
    const server = await serve(() => undefined)
    const exchange = await transport(server, { timeoutMs: 200 }).call('eth_chainId')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_TIMEOUT', message: 'no response headers within 200 ms' })
    await expect.poll(() => server.closedSockets()).toBe(1)
  })

  it('times out on the total time when the body drips in (each byte well within the timeout)', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => response.write(' '), 20)
      response.on('close', () => clearInterval(timer))
    })
    const exchange = await transport(server, { timeoutMs: 300 }).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_TIMEOUT')
    expect(exchange.failure?.message).toMatch(/^HTTP 200 but only \d+ body bytes within 300 ms$/)
    expect(exchange.httpStatus).toBe(200)
  })

  it('keeps garbage and HTML as rawResponse (the checks judge it)', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html><body>Bad gateway</body></html>')
    })
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange).toMatchObject({ httpStatus: 502, rawResponse: '<html><body>Bad gateway</body></html>', responseBytes: 37 })
    expect(exchange.response).toBeUndefined()
    expect(exchange.failure).toBeUndefined()
    expect(rpcOutcome(exchange).kind).toBe('broken')
  })

  it('fails BAD_RESPONSE on a target that does not speak HTTP', async () => {
    const server = await tcpServer((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')))
    cleanups.push(() => server.close())
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_BAD_RESPONSE')
  })

  it('caps a huge streamed body without buffering it, and drops the connection', async () => {
    let sent = 0
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(16 * 1024, 0x20)
      const pump = (): void => {
        while (!response.destroyed && sent < 512 * 1024 * 1024) {
          sent += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
      }
      pump()
    })
    const exchange = await transport(server, { maxResponseBytes: 256 * 1024, timeoutMs: 5000 }).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect(exchange.responseBytes).toBeGreaterThan(256 * 1024)
    expect(exchange.rawResponse?.length).toBeLessThan(10_000)
    await expect.poll(() => server.closedSockets()).toBe(1)
    expect(sent).toBeLessThan(512 * 1024 * 1024)
  })

  it('refuses a declared Content-Length past the cap before reading the body', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024 * 1024) })
      response.write('[')
    })
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange.failure).toEqual({
      code: 'L2CONF_ERR_RESPONSE_TOO_LARGE',
      message: 'the response is larger than the cap of 65536 bytes (Content-Length 1073741824)',
    })
  })

  it('fails CLOSED when the target closes the socket mid-response', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      response.write('{"jsonrpc":"2.0",', () => response.socket?.destroy())
    })
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_CLOSED')
    expect(exchange.rawResponse).toBe('{"jsonrpc":"2.0",')
    expect(exchange.httpStatus).toBe(200)
  })

  it('fails CLOSED when the target accepts, reads and hangs up without answering', async () => {
    const server = await tcpServer((socket) => socket.once('data', () => socket.destroy()))
    cleanups.push(() => server.close())
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_CLOSED')
  })

  it('returns an answer with the wrong id as it came (checking ids is the checks’ business)', async () => {
    const server = await serve((_request, response) => response.end('{"jsonrpc":"2.0","id":999,"result":"0x1"}'))
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 999, result: '0x1' })
  })

  it('waits out 429 + Retry-After and sends again', async () => {
    let hits = 0
    const server = await serve((request, response) => {
      hits++
      if (hits === 1) {
        response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' })
        return void response.end('{"jsonrpc":"2.0","id":1,"error":{"code":-32016,"message":"over rate limit"}}')
      }
      jsonRpc(() => '0x1')(request, response)
    })
    const exchange = await transport(server).call('eth_chainId')
    expect(exchange).toMatchObject({ httpStatus: 200, attempts: 2, response: { result: '0x1' } })
    expect(hits).toBe(2)
  })

  it('gives up on a target that keeps answering 429 (RATE_LIMITED, the 429 body kept)', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(429, { 'retry-after': '0' })
      response.end('slow down')
    })
    const exchange = await transport(server, { gate: new RequestGate({ concurrency: 1, maxRetries: 2 }) }).call('eth_chainId')
    expect(exchange).toMatchObject({ httpStatus: 429, attempts: 3, rawResponse: 'slow down', failure: { code: 'L2CONF_ERR_RATE_LIMITED' } })
  })

  it('fails UNREACHABLE quickly when the connection is refused', async () => {
    const exchange = await transport(await refusedUrl(), { timeoutMs: 10_000 }).call('eth_chainId')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_UNREACHABLE')
    expect(exchange.failure?.message).toContain('ECONNREFUSED')
  })
})
