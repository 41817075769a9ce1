import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'undici'
import { parse } from 'yaml'
import { createNode } from '../createNode.js'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { startRpcServer, type RpcServer } from '../server/startRpcServer.js'
import { startRestServer, type RestServer } from './startRestServer.js'

// ajv-formats is CommonJS: its plugin is the module's `default`.
const addFormats = addFormatsModule.default

interface OpenApi {
  paths: Record<string, { get: { responses: Record<string, { content?: { 'application/json': { schema: unknown; example?: unknown } } }> } }>
  components: Record<string, unknown>
}
const openapi = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as OpenApi

/** Validators of openapi.yaml's schemas, compiled once (OpenAPI 3.0: `example` ignored, `nullable` known to ajv). */
const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ $id: 'openapi.json', components: openapi.components })
const responseValidators = new Map<string, ValidateFunction>()
function schemaOf(path: string): ValidateFunction {
  let validate = responseValidators.get(path)
  if (validate === undefined) {
    const schema = openapi.paths[path]?.get.responses['200']?.content?.['application/json'].schema
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"openapi.json#/components')) as object)
    responseValidators.set(path, validate)
  }
  return validate
}
const validateError = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' })
function exampleOf(path: string): unknown {
  return openapi.paths[path]?.get.responses['200']?.content?.['application/json'].example
}

interface ConfigToken {
  symbol: string
  address: string
  totalSupply: string
  balances: Record<string, string>
}
const treasuryConfig = JSON.parse(readFileSync(new URL('../treasury.config.json', import.meta.url), 'utf8')) as { tokens: ConfigToken[] }

/**
 * Plays the node the service reads: ERC-20 balanceOf/totalSupply answered from the genesis balances
 * of treasury.config.json (the real node deploys exactly these), a head that tests can move.
 */
let head = 7
const extra = new Map<string, bigint>()
let failCalls = false
const nodeMethods = new Map<string, MethodHandler>([
  ['eth_blockNumber', () => `0x${head.toString(16)}`],
  ['eth_getBlockByNumber', () => ({ number: '0x0', timestamp: '0x6553f100' })],
  [
    'eth_call',
    (params) => {
      if (failCalls) throw new RpcError(ErrorCode.executionReverted, 'execution reverted', '0x')
      const [call] = params as [{ to: string; data: string }]
      const token = treasuryConfig.tokens.find((entry) => entry.address.toLowerCase() === call.to.toLowerCase())
      if (token === undefined) return '0x'
      let value: bigint
      if (call.data === '0x18160ddd') value = BigInt(token.totalSupply)
      else {
        const owner = `0x${call.data.slice(34)}`.toLowerCase()
        const entry = Object.entries(token.balances).find(([address]) => address.toLowerCase() === owner)
        value = BigInt(entry?.[1] ?? '0') + (extra.get(`${token.symbol}:${owner}`) ?? 0n)
      }
      return `0x${value.toString(16).padStart(64, '0')}`
    },
  ],
])

let node: RpcServer
let rest: RestServer
const logged: string[] = []

beforeAll(async () => {
  node = await startRpcServer({ port: 0, methods: nodeMethods, log: () => {} })
  rest = await startRestServer({ port: 0, rpcUrl: node.url, log: (line) => logged.push(line) })
})
afterAll(async () => {
  await rest.close()
  await node.close()
})

async function get(
  path: string,
  method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS' | 'DELETE' = 'GET',
  base = rest.url,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown; text: string }> {
  const response = await request(`${base}${path}`, { method })
  const text = await response.body.text()
  return { status: response.statusCode, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) }
}

function expectValid(validate: ValidateFunction, body: unknown): void {
  const ok = validate(body)
  expect(validate.errors ?? [], JSON.stringify(body).slice(0, 300)).toEqual([])
  expect(ok).toBe(true)
}

const PATHS = ['/portfolio', '/portfolio/selected', '/token-data', '/v2/treasury/statistics', '/v2/treasury/tokens']

describe('treasury REST service (openapi.yaml)', () => {
  it('answers every path with 200, a schema-valid body and the public headers', async () => {
    for (const path of PATHS) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(answer.headers['access-control-allow-origin']).toBe('*')
      expect(answer.headers['cache-control']).toBe('public, max-age=60')
      expectValid(schemaOf(path), answer.body)
    }
  })

  it('computes exactly the documented examples from the bundled treasury', async () => {
    for (const path of ['/portfolio', '/portfolio/selected', '/token-data', '/v2/treasury/statistics']) {
      expect((await get(path)).body, path).toEqual(exampleOf(path))
    }
    const tokens = (await get('/v2/treasury/tokens')).body as Array<Record<string, unknown>>
    expect(tokens.map((token) => token['symbol'])).toEqual(['L2T', 'WETH', 'USDC', 'USDT'])
    for (const documented of exampleOf('/v2/treasury/tokens') as Array<Record<string, unknown>>) {
      expect(tokens.find((token) => token['id'] === documented['id'])).toMatchObject(documented)
    }
  })

  it('keeps totals equal to the sum of their parts and shares summing to 100.00%', async () => {
    const cents = (usd: number): number => Math.round(usd * 100)
    const hundredths = (share: string): number => Math.round(Number(share.slice(0, -1)) * 100)
    for (const path of ['/portfolio', '/portfolio/selected']) {
      const { value } = (await get(path)).body as { value: { totalValueInUSD: number; portfolio: Array<{ value: number; perOfHoldings: string }> } }
      expect(value.portfolio.reduce((sum, entry) => sum + cents(entry.value), 0)).toBe(cents(value.totalValueInUSD))
      expect(value.portfolio.reduce((sum, entry) => sum + hundredths(entry.perOfHoldings), 0)).toBe(10_000)
    }
    const statistic = (await get('/v2/treasury/statistics')).body as { total: number; tokens: Array<{ value: number; percent: string }> }
    expect(statistic.tokens.reduce((sum, token) => sum + cents(token.value), 0)).toBe(cents(statistic.total))
    expect(statistic.tokens.reduce((sum, token) => sum + hundredths(token.percent), 0)).toBe(10_000)
    const { results } = (await get('/token-data')).body as { results: Record<string, string> }
    const whole = (name: string): bigint => BigInt(results[name] as string)
    expect(whole('totalSupply') - whole('treasuryBalanceTotal') - whole('treasuryLPTokenTotal') - whole('lockedTotal') - whole('mantleCoreTotal')).toBe(
      whole('circulatingSupply'),
    )
  })

  it('reports on the wallets `addresses` names, each counted once', async () => {
    const wallet = '0x7ea5000000000000000000000000000000000005'
    const answer = await get(`/portfolio?addresses=${wallet},${wallet.toUpperCase().replace('0X', '0x')}`)
    expect(answer.status).toBe(200)
    expectValid(schemaOf('/portfolio'), answer.body)
    const { value } = answer.body as { value: { totalValueInUSD: number; portfolio: Array<{ symbol: string; amount: number; perOfHoldings: string }> } }
    expect(value.portfolio.map((entry) => [entry.symbol, entry.amount])).toEqual([
      ['L2T', 125_000_000],
      ['USDC', 12_500_000],
    ])
    const empty = await get('/portfolio/selected?addresses=0x000000000000000000000000000000000000dEaD')
    expect(empty.body).toEqual({ success: true, statusCode: 200, value: { totalValueInUSD: 0, portfolio: [] } })
  })

  it('refuses unknown and malformed query parameters with 400 naming them', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/portfolio?alchemyApi=secret', /unknown query parameter: alchemyApi/],
      ['/token-data?addresses=0x7ea5000000000000000000000000000000000001', /unknown query parameter: addresses/],
      ['/v2/treasury/tokens?page=2', /unknown query parameter: page/],
      ['/portfolio?addresses=', /addresses/],
      ['/portfolio?addresses=0x12', /addresses/],
      ['/portfolio?addresses=0x7ea5000000000000000000000000000000000001&addresses=0x7ea5000000000000000000000000000000000002', /more than once/],
      [`/portfolio/selected?addresses=${Array.from({ length: 21 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`).join(',')}`, /at most 20/],
    ]
    for (const [path, message] of cases) {
      const answer = await get(path)
      expect(answer.status, path).toBe(400)
      expectValid(validateError, answer.body)
      expect(answer.body).toMatchObject({ success: false, statusCode: 400, code: 'BAD_REQUEST', message: expect.stringMatching(message) })
      expect(answer.text).not.toContain('secret')
    }
  })

  it('answers unknown paths 404, other methods 405, OPTIONS 204 and HEAD without a body', async () => {
    for (const path of ['/nothing', '/portfolio/', '/v1/portfolio', '']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      expectValid(validateError, answer.body)
    }
    expect((await get('/portfolio', 'GET', rest.url.replace('/api', ''))).status).toBe(404)
    for (const method of ['POST', 'DELETE'] as const) {
      const answer = await get('/portfolio', method)
      expect(answer.status).toBe(405)
      expect(answer.headers['allow']).toBe('GET, HEAD, OPTIONS')
      expectValid(validateError, answer.body)
      expect(answer.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
    }
    const preflight = await get('/v2/treasury/tokens', 'OPTIONS')
    expect([preflight.status, preflight.text]).toEqual([204, ''])
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS')
    const head = await get('/token-data', 'HEAD')
    expect([head.status, head.text]).toEqual([200, ''])
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength((await get('/token-data')).text))
  })

  it('follows the node: a new head with new balances gives new figures', async () => {
    const before = (await get('/portfolio')).body as { value: { totalValueInUSD: number } }
    extra.set('USDT:0x7ea5000000000000000000000000000000000001', 1_000_000n)
    head++
    const after = (await get('/portfolio')).body as { value: { totalValueInUSD: number } }
    expect(Math.round((after.value.totalValueInUSD - before.value.totalValueInUSD) * 100)).toBe(100)
    extra.clear()
    head++
  })

  it('answers 502 when the node answers badly, and recovers', async () => {
    failCalls = true
    head++
    const answer = await get('/v2/treasury/statistics')
    expect(answer.status).toBe(502)
    expectValid(validateError, answer.body)
    expect(answer.body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'the node answered badly' })
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(logged.some((line) => line.includes('execution reverted'))).toBe(true)
    failCalls = false
    expect((await get('/v2/treasury/statistics')).status).toBe(200)
  })
})

describe('treasury REST service on the real reference node', () => {
  it('reads the tokens the node deployed at genesis: schema-valid, equal to the documented examples', async () => {
    const real = await createNode({ history: 0 })
    const server = await startRpcServer({ port: 0, methods: real.methods, log: () => {} })
    const service = await startRestServer({ port: 0, rpcUrl: server.url, log: (line) => logged.push(line) })
    try {
      for (const path of PATHS) {
        const answer = await get(path, 'GET', service.url)
        expect(answer.status, `${path} ${answer.text}`).toBe(200)
        expectValid(schemaOf(path), answer.body)
        if (path !== '/v2/treasury/tokens') expect(answer.body, path).toEqual(exampleOf(path))
      }
    } finally {
      await service.close()
      await server.close()
      await real.stop()
    }
  })
})

describe('treasury REST service without its node', () => {
  it('answers 502 when nothing listens at the node address', async () => {
    const closed = await startRpcServer({ port: 0, methods: nodeMethods, log: () => {} })
    const url = closed.url
    await closed.close()
    const orphan = await startRestServer({ port: 0, rpcUrl: url, log: () => {}, upstreamTimeoutMs: 2_000 })
    try {
      for (const path of PATHS) {
        const answer = await get(path, 'GET', orphan.url)
        expect(answer.status, path).toBe(502)
        expectValid(validateError, answer.body)
        expect(answer.body).toMatchObject({ statusCode: 502, code: 'UPSTREAM_UNAVAILABLE', message: 'the node cannot be reached' })
      }
    } finally {
      await orphan.close()
    }
  })

  it('answers 503 when the node accepts but never answers', async () => {
    const silent: Server = createServer(() => {
      // never answers
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as AddressInfo).port
    const stalled = await startRestServer({ port: 0, rpcUrl: `http://127.0.0.1:${port}`, log: () => {}, upstreamTimeoutMs: 200 })
    try {
      const answer = await get('/portfolio', 'GET', stalled.url)
      expect(answer.status).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
      expectValid(validateError, answer.body)
      expect(answer.body).toMatchObject({ statusCode: 503, code: 'UPSTREAM_UNAVAILABLE' })
    } finally {
      await stalled.close()
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
