import { Pool } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { boundedHttpRequest, RAW_RESPONSE_PREVIEW_CHARS } from './boundedHttpRequest.js'
import { ByteBudget } from './byteBudget.js'
import type { Exchange } from './exchange.js'
import { jsonShape, REFUSED } from '../../common/jsonShape.js'
import { parsedBytesEstimate, PARSED_ELEMENT_BYTES } from './responseShape.js'
import { httpServer } from '../../test/servers/throwawayServer.js'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** A body of `keys` small members: about 17 bytes of text each, several times that once parsed. */
/** A body of many small members that parses (objects of two members, names repeated): `objects` objects. */
function manyMembers(objects: number): Buffer {
  const parts: string[] = []
  for (let index = 0; index < objects; index++) parts.push(`{"k":${index},"v":1}`)
  return Buffer.from(`[${parts.join(',')}]`)
}

async function answering(body: Buffer): Promise<(budget: ByteBudget) => Promise<Exchange>> {
  const server = await httpServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(body)
  })
  const pool = new Pool(server.url)
  cleanups.push(
    () => pool.destroy(),
    () => server.close(),
  )
  return (budget) => {
    const exchange: Exchange = { transport: 'http', protocol: 'rest', url: server.url, request: {}, startedAt: 0, durationMs: 0 }
    return boundedHttpRequest(
      pool,
      { method: 'GET', path: '/', headers: {}, body: null },
      { timeoutMs: 5000, maxResponseBytes: 64 * 1024 * 1024 },
      'any',
      exchange,
      budget,
    )
  }
}

describe('jsonShape', () => {
  it('counts elements and members outside strings, and says REFUSED past the depth bound', () => {
    expect(jsonShape(Buffer.from('{"a":[1,2],"b":"[,{"}'))).toBe(4)
    expect(jsonShape(Buffer.from('"just a string"'))).toBe(0)
    expect(jsonShape(Buffer.from('[[[1]]]'), 2)).toBe(REFUSED)
    expect(parsedBytesEstimate(100, 3)).toBe(100 + 3 * PARSED_ELEMENT_BYTES)
  })
})

describe('boundedHttpRequest with a byte budget', () => {
  it('takes from the budget what a large body costs once parsed besides its bytes', async () => {
    const body = manyMembers(100_000)
    const request = await answering(body)
    const budget = new ByteBudget(64 * 1024 * 1024)
    const exchange = await request(budget)
    expect(exchange.failure).toBeUndefined()
    expect(exchange.response).toHaveLength(100_000)
    // Its bytes (and its text while parsed) besides the parsed value.
    expect(budget.held).toBe(body.length + parsedBytesEstimate(body.length, jsonShape(body)))
    expect(budget.held).toBeGreaterThan(5 * body.length)
  })

  it('does not parse a body whose parsed cost passes what is left of the budget, and says so', async () => {
    const body = manyMembers(100_000)
    const request = await answering(body)
    // The bytes fit; parsed, the body would not.
    const budget = new ByteBudget(3 * body.length)
    const exchange = await request(budget)
    expect(exchange.response).toBeUndefined()
    expect(exchange.failure?.code).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect(exchange.failure?.message).toMatch(/was not parsed: it would hold about \d+\.\d MiB once parsed.*IN_FLIGHT_BYTES_BUDGET/)
    expect(exchange.rawResponse?.startsWith('[{"k":0,"v":1},{"k":1')).toBe(true)
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

/** A server answering `pieces`, each written on its own, so the body arrives in several chunks. */
async function answeringInPieces(pieces: Buffer[]): Promise<() => Promise<Exchange>> {
  const server = await httpServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    const write = (index: number): void => {
      if (index === pieces.length) return void response.end()
      response.write(pieces[index], () => setTimeout(write, 5, index + 1))
    }
    write(0)
  })
  const pool = new Pool(server.url)
  cleanups.push(
    () => pool.destroy(),
    () => server.close(),
  )
  return () => {
    const exchange: Exchange = { transport: 'http', url: server.url, request: {}, startedAt: 0, durationMs: 0 }
    return boundedHttpRequest(
      pool,
      { method: 'POST', path: '/', headers: {}, body: '{}' },
      { timeoutMs: 5000, maxResponseBytes: 64 * 1024 * 1024 },
      'any',
      exchange,
      new ByteBudget(),
    )
  }
}

describe('boundedHttpRequest judging a body chunk by chunk', () => {
  it('parses a body whose characters and escapes are cut between chunks', async () => {
    const text = Buffer.from('{"jsonrpc":"2.0","id":1,"result":"é€\\"[{𝄞"}')
    const pieces = [text.subarray(0, 36), text.subarray(36, 38), text.subarray(38, 41), text.subarray(41)]
    const exchange = await (await answeringInPieces(pieces))()
    expect(exchange.failure).toBeUndefined()
    expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: 'é€"[{𝄞' })
  })

  it('refuses a body nested too deep as it streams, keeping only the start it shows as evidence', async () => {
    const levels = 100_000
    const pieces = [Buffer.from('['.repeat(levels / 2)), Buffer.from('['.repeat(levels / 2)), Buffer.from(']'.repeat(levels))]
    const exchange = await (await answeringInPieces(pieces))()
    expect(exchange.failure?.code).toBe('L2CONF_ERR_BAD_RESPONSE')
    expect(exchange.failure?.message).toMatch(/MAX_JSON_DEPTH/)
    expect(exchange.responseBytes).toBe(2 * levels)
    expect(exchange.rawResponse).toBe('['.repeat(RAW_RESPONSE_PREVIEW_CHARS))
  })

  it('refuses a body of a million members in one object without parsing it (parsing it takes seconds), with its start as evidence', async () => {
    const parts: string[] = []
    for (let index = 0; index < 1_000_000; index++) parts.push(`"k${index}":${index}`)
    const body = Buffer.from(`{${parts.join(',')}}`)
    const exchange = await (await answeringInPieces([body.subarray(0, 4096), body.subarray(4096)]))()
    expect(exchange.response).toBeUndefined()
    expect(exchange.failure).toEqual({
      code: 'L2CONF_ERR_BAD_RESPONSE',
      message: expect.stringMatching(/an object of more than 1,000 members \(MAX_OBJECT_MEMBERS\); it was not parsed/),
    })
    expect(exchange.responseBytes).toBe(body.length)
    expect(exchange.rawResponse?.startsWith('{"k0":0,"k1":1,')).toBe(true)
    expect(exchange.rawResponse?.length).toBeLessThanOrEqual(RAW_RESPONSE_PREVIEW_CHARS)
  })

  it('keeps a preview of an unparsable body no longer than the bound', async () => {
    const exchange = await (await answeringInPieces([Buffer.from('{'), Buffer.from('x'.repeat(100_000))]))()
    expect(exchange.response).toBeUndefined()
    expect(exchange.rawResponse).toBe(`{${'x'.repeat(RAW_RESPONSE_PREVIEW_CHARS - 1)}… [truncated]`)
  })
})
