import { Pool } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { boundedHttpRequest } from './boundedHttpRequest.js'
import { ByteBudget } from './byteBudget.js'
import type { Exchange } from './exchange.js'
import { jsonShape, parsedBytesEstimate, PARSED_ELEMENT_BYTES, TOO_DEEP } from './jsonDepth.js'
import { httpServer } from './testing/throwawayServer.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** A body of `keys` small members: about 17 bytes of text each, several times that once parsed. */
function manyKeys(keys: number): Buffer {
  const parts: string[] = []
  for (let index = 0; index < keys; index++) parts.push(`"k${index}":${index}`)
  return Buffer.from(`{${parts.join(',')}}`)
}

async function answering(body: Buffer): Promise<(budget: ByteBudget) => Promise<Exchange>> {
  const server = await httpServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(body)
  })
  const pool = new Pool(server.url)
  cleanups.push(() => pool.destroy(), () => server.close())
  return (budget) => {
    const exchange: Exchange = { transport: 'http', protocol: 'rest', url: server.url, request: {}, startedAt: 0, durationMs: 0 }
    return boundedHttpRequest(pool, { method: 'GET', path: '/', headers: {}, body: null }, { timeoutMs: 5000, maxResponseBytes: 64 * 1024 * 1024 }, 'any', exchange, budget)
  }
}

describe('jsonShape', () => {
  it('counts elements and members outside strings, and says TOO_DEEP past the bound', () => {
    expect(jsonShape(Buffer.from('{"a":[1,2],"b":"[,{"}'))).toBe(4)
    expect(jsonShape(Buffer.from('"just a string"'))).toBe(0)
    expect(jsonShape(Buffer.from('[[[1]]]'), 2)).toBe(TOO_DEEP)
    expect(parsedBytesEstimate(100, 3)).toBe(100 + 3 * PARSED_ELEMENT_BYTES)
  })
})

describe('boundedHttpRequest with a byte budget', () => {
  it('takes from the budget what a large body costs once parsed besides its bytes', async () => {
    const body = manyKeys(100_000)
    const request = await answering(body)
    const budget = new ByteBudget(64 * 1024 * 1024)
    const exchange = await request(budget)
    expect(exchange.failure).toBeUndefined()
    expect(Object.keys(exchange.response as object)).toHaveLength(100_000)
    // Its bytes (and its text while parsed) besides the parsed value.
    expect(budget.held).toBe(body.length + parsedBytesEstimate(body.length, jsonShape(body)))
    expect(budget.held).toBeGreaterThan(5 * body.length)
  })

  it('does not parse a body whose parsed cost passes what is left of the budget, and says so', async () => {
    const body = manyKeys(100_000)
    const request = await answering(body)
    // The bytes fit; parsed, the body would not.
    const budget = new ByteBudget(3 * body.length)
    const exchange = await request(budget)
    expect(exchange.response).toBeUndefined()
    expect(exchange.failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect(exchange.failure?.message).toMatch(/was not parsed: it would hold about \d+\.\d MiB once parsed.*IN_FLIGHT_BYTES_BUDGET/)
    expect(exchange.rawResponse?.startsWith('{"k0":0,"k1":1')).toBe(true)
    expect(budget.held).toBe(0)
  })

  it('gives a small body back to the budget once settled', async () => {
    const request = await answering(Buffer.from('{"jsonrpc":"2.0","id":1,"result":"0x1"}'))
    const budget = new ByteBudget(1024)
    const exchange = await request(budget)
    expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(budget.held).toBe(0)
  })
})
