import { afterEach, describe, expect, it } from 'vitest'
import { RequestGate } from './requestGate.js'
import { RestClient } from './restClient.js'
import { httpServer, refusedUrl } from '../../test/servers/throwawayServer.js'
import type { TransportOptions } from './transportOptions.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

function client(baseUrl: string, overrides: Partial<TransportOptions> = {}): RestClient {
  const rest = new RestClient(baseUrl, { timeoutMs: 5000, maxResponseBytes: 64 * 1024, headers: {}, gate: new RequestGate({ concurrency: 2 }), ...overrides })
  cleanups.push(() => rest.close())
  return rest
}

/** A tiny treasury-like service: JSON under /api, errors as the Error schema, a non-JSON page elsewhere. */
async function treasury() {
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown> }> = []
  const server = await httpServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
    if (request.url?.startsWith('/api/portfolio') && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' })
      return void response.end('{"success":true,"statusCode":200,"value":{"totalValueInUSD":1,"portfolio":[]}}')
    }
    if (request.url === '/api/broken') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return void response.end('{"success":tru')
    }
    if (request.url === '/api/page') {
      response.writeHead(200, { 'content-type': 'text/html' })
      return void response.end('{"looks":"like json"}')
    }
    response.writeHead(request.method === 'GET' ? 404 : 405, { 'content-type': 'application/json', allow: 'GET, HEAD, OPTIONS' })
    response.end(JSON.stringify({ success: false, statusCode: request.method === 'GET' ? 404 : 405, code: 'NOT_FOUND', message: 'no' }))
  })
  cleanups.push(() => server.close())
  return { server, seen }
}

describe('RestClient', () => {
  it('GETs a path under the base address with a query, and parses a JSON body', async () => {
    const { server, seen } = await treasury()
    const exchange = await client(`${server.url}/api/`).request('/portfolio', { query: { addresses: '0xa,0xb' } })
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/portfolio?addresses=0xa%2C0xb' })
    expect(exchange).toMatchObject({
      transport: 'http',
      protocol: 'rest',
      url: `${server.url}/api/portfolio?addresses=0xa%2C0xb`,
      request: { method: 'GET', url: `${server.url}/api/portfolio?addresses=0xa%2C0xb`, headers: {} },
      httpStatus: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' },
      response: { success: true, statusCode: 200 },
    })
  })

  it('sends any method for negative probes and records the probe headers, never the secrets', async () => {
    const { server, seen } = await treasury()
    const rest = client(`${server.url}/api`, { headers: { 'X-Api-Key': 'k3y' } })
    const exchange = await rest.request('/v2/treasury/tokens', { method: 'delete', headers: { Origin: 'https://example.org' } })
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/v2/treasury/tokens', headers: { 'x-api-key': 'k3y', origin: 'https://example.org' } })
    expect(exchange).toMatchObject({ httpStatus: 405, request: { method: 'DELETE', headers: { Origin: 'https://example.org' } }, secretHeaders: ['X-Api-Key'] })
    expect(exchange.headers?.allow).toBe('GET, HEAD, OPTIONS')
    expect(JSON.stringify(exchange)).not.toContain('k3y')
  })

  it('keeps a body as rawResponse when it is not labelled JSON or does not parse', async () => {
    const { server } = await treasury()
    const rest = client(`${server.url}/api`)
    expect(await rest.request('/page')).toMatchObject({ rawResponse: '{"looks":"like json"}' })
    const broken = await rest.request('/broken')
    expect(broken).toMatchObject({ rawResponse: '{"success":tru', httpStatus: 200 })
    expect(broken.response).toBeUndefined()
  })

  it('fails UNREACHABLE when nothing listens', async () => {
    const exchange = await client(`${await refusedUrl()}/api`).request('/portfolio')
    expect(exchange.failure?.code).toBe('L2CONF_ERR_UNREACHABLE')
  })

  it('times out on a service that never answers', async () => {
    const server = await httpServer(() => undefined)
    cleanups.push(() => server.close())
    const exchange = await client(`${server.url}/api`, { timeoutMs: 150 }).request('/portfolio')
    expect(exchange.failure).toEqual({ code: 'L2CONF_ERR_TIMEOUT', message: 'no response headers within 150 ms' })
  })
})
