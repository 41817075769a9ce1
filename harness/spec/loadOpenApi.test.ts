import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HarnessError } from '../errors/harnessError.js'
import { loadOpenApi, type OpenApiSpec } from './loadOpenApi.js'

const bundled = fileURLToPath(new URL('../../openapi.yaml', import.meta.url))
let spec: OpenApiSpec
let dir: string

beforeAll(async () => {
  spec = await loadOpenApi(bundled)
  dir = await mkdtemp(join(tmpdir(), 'l2conf-openapi-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function operation(path: string) {
  const found = spec.operations.find((op) => op.path === path && op.method === 'get')
  if (found === undefined) throw new Error(`no GET ${path}`)
  return found
}

describe('loadOpenApi on the bundled openapi.yaml', () => {
  it('identifies the file', async () => {
    const { createHash } = await import('node:crypto')
    expect(spec.version).toBe('0.1.0')
    expect(spec.sha256).toBe(
      createHash('sha256')
        .update(await readFile(bundled))
        .digest('hex'),
    )
  })

  it('enumerates the five GET paths of interface 4.4 with their tags and summaries', () => {
    expect(spec.operations.map((op) => [op.method, op.path, op.tags, op.summary])).toEqual([
      ['get', '/portfolio', ['Balance'], 'Get treasury balances'],
      ['get', '/portfolio/selected', ['Balance'], 'Get treasury selected balances'],
      ['get', '/token-data', ['Balance'], 'Get data of the native token'],
      ['get', '/v2/treasury/statistics', ['Treasury'], 'Statistics of the well-known tokens'],
      ['get', '/v2/treasury/tokens', ['Treasury'], 'Get all treasury tokens and balances'],
    ])
  })

  it('takes `addresses` on the portfolio paths only, and no API key anywhere', () => {
    expect(spec.operations.map((op) => [op.path, op.parameters.map((p) => `${p.in}:${p.name}${p.required ? '!' : ''}`)])).toEqual([
      ['/portfolio', ['query:addresses']],
      ['/portfolio/selected', ['query:addresses']],
      ['/token-data', []],
      ['/v2/treasury/statistics', []],
      ['/v2/treasury/tokens', []],
    ])
    const addresses = operation('/portfolio').parameters[0]
    const twenty = Array.from({ length: 20 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)
    expect(addresses?.validate(twenty.join(','))).toEqual([])
    expect(addresses?.validate([...twenty, twenty[0]].join(','))).not.toEqual([])
    expect(addresses?.validate('0x1234')).not.toEqual([])
  })

  it('gives the servers, each base ending in /api', () => {
    expect(spec.servers.map((server) => server.name)).toEqual(['Production', 'Development', 'Preview'])
    for (const server of spec.servers) expect(server.url).toMatch(/\/api$/)
    expect(spec.servers[1]?.variables['host']?.default).toBe('localhost:3000')
  })

  it('every 200 example is valid, and error responses use the Error body', () => {
    for (const op of spec.operations) {
      const ok = op.responses['200']
      expect(ok?.contentType).toBe('application/json')
      expect(ok?.example).toBeDefined()
      expect(ok?.validate?.(ok.example)).toEqual([])
      expect(Object.keys(op.responses)).toEqual(['200', '400', '500', '502', '503'])
      for (const status of ['400', '500', '502', '503']) {
        const response = op.responses[status]
        expect(response?.validate?.(response.example)).toEqual([])
        expect(response?.schema).toMatchObject({ required: ['success', 'statusCode', 'code', 'message'] })
      }
    }
  })

  it('the examples are consistent: totals are sums, shares sum to 100%', () => {
    type Entry = { value: number; perOfHoldings: string }
    for (const path of ['/portfolio', '/portfolio/selected']) {
      const body = operation(path).responses['200']?.example as { value: { totalValueInUSD: number; portfolio: Entry[] } }
      const sum = body.value.portfolio.reduce((total, entry) => total + entry.value, 0)
      expect(Math.abs(sum - body.value.totalValueInUSD)).toBeLessThan(0.005)
      expect(body.value.portfolio.reduce((total, entry) => total + Number.parseFloat(entry.perOfHoldings), 0)).toBeCloseTo(100, 6)
    }
    const statistics = operation('/v2/treasury/statistics').responses['200']?.example as { total: number; tokens: Array<{ value: number; percent: string }> }
    expect(Math.abs(statistics.tokens.reduce((total, token) => total + token.value, 0) - statistics.total)).toBeLessThan(0.005)
    expect(statistics.tokens.reduce((total, token) => total + Number.parseFloat(token.percent), 0)).toBeCloseTo(100, 6)
    const supply = (operation('/token-data').responses['200']?.example as { results: Record<string, string> }).results
    const held = ['treasuryBalanceTotal', 'treasuryLPTokenTotal', 'mantleCoreTotal', 'lockedTotal'].reduce(
      (total, key) => total + BigInt(supply[key] ?? '0'),
      0n,
    )
    expect(BigInt(supply['totalSupply'] ?? '0') - held).toBe(BigInt(supply['circulatingSupply'] ?? '-1'))
  })
})

describe('the schemas of interface 2.4', () => {
  it('are the ten of interface 2.4, and Error', () => {
    const document = spec.document as { components: { schemas: Record<string, unknown> } }
    expect(Object.keys(document.components.schemas).sort()).toEqual(
      [
        'Error',
        'Portfolio',
        'PortfolioData',
        'PortfolioResults',
        'StatisticToken',
        'TokenBalance',
        'TokenBalances',
        'TokenBalancesResults',
        'TreasuryStatistic',
        'TreasuryTokenBalance',
        'TreasuryTokenCommon',
      ].sort(),
    )
  })

  it('allOf compositions accept their real members and reject others', () => {
    const token = {
      symbol: 'L2T',
      logo_url: 'https://x',
      price: 1,
      amount: 2,
      id: '0x1',
      chain: 'l2',
      is_core: true,
      is_wallet: true,
      time_at: 1,
      raw_amount: 2,
    }
    expect(spec.schema('TreasuryTokenBalance').validate(token)).toEqual([])
    expect(spec.schema('TreasuryTokenBalance').validate({ ...token, extra: 1 })).toEqual([
      { pointer: '/extra', message: 'is not allowed (no additional properties here)' },
    ])
    const { amount: _, ...withoutAmount } = token
    expect(spec.schema('TreasuryTokenBalance').validate(withoutAmount)).toEqual([{ pointer: '', message: "must have required property 'amount'" }])
    const statistic = { symbol: 'L2T', price: 1, amount: 2, value: 2, name: 'Layer Two Token', percent: '100.00%' }
    expect(spec.schema('StatisticToken').validate(statistic)).toEqual([])
    expect(spec.schema('StatisticToken').validate({ ...statistic, is_core: true })).toEqual([
      { pointer: '/is_core', message: 'is not allowed (no additional properties here)' },
    ])
  })

  it('TreasuryStatistic has no cacheTime', () => {
    expect(spec.schema('TreasuryStatistic').validate({ total: 0, tokens: [], cacheTime: 3600 })).toEqual([
      { pointer: '/cacheTime', message: 'is not allowed (no additional properties here)' },
    ])
  })

  it('Error: success false, an upper-snake code', () => {
    expect(spec.schema('Error').validate({ success: false, statusCode: 404, code: 'NOT_FOUND', message: 'no such path' })).toEqual([])
    expect(spec.schema('Error').validate({ success: true, statusCode: 200, code: 'not-found', message: 'x' })).toEqual([
      { pointer: '/success', message: 'must be one of [false]' },
      { pointer: '/statusCode', message: 'must be >= 400' },
      { pointer: '/code', message: 'must match pattern "^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$"' },
    ])
  })
})

describe('OpenAPI 3.0 keywords', () => {
  it('nullable, boolean exclusiveMinimum and example are understood', async () => {
    const file = join(dir, 'keywords.yaml')
    await writeFile(
      file,
      [
        'openapi: 3.0.3',
        'info: {title: t, version: 1.2.3}',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Price:',
        '      type: number',
        '      nullable: true',
        '      minimum: 0',
        '      exclusiveMinimum: true',
        '      example: 1.5',
        '    MaybeCommon:',
        '      nullable: true',
        '      allOf: [{$ref: "#/components/schemas/Price"}]',
      ].join('\n'),
    )
    const loaded = await loadOpenApi(file)
    expect(loaded.version).toBe('1.2.3')
    const price = loaded.schema('Price').validate
    expect([price(null), price(1.5)]).toEqual([[], []])
    expect(price(0)).toEqual([{ pointer: '', message: 'must be > 0' }])
    expect(loaded.schema('MaybeCommon').validate(null)).toEqual([])
    expect(loaded.schema('Price').schema).toMatchObject({ nullable: true, example: 1.5 })
  })

  it('not an OpenAPI 3 document', async () => {
    const file = join(dir, 'swagger.yaml')
    await writeFile(file, 'swagger: "2.0"\n')
    const error = await loadOpenApi(file).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(HarnessError)
    expect((error as HarnessError).message).toBe(`${file}#: not an OpenAPI 3 document (no "openapi": "3.x" member)`)
  })

  it('invalid YAML names the line', async () => {
    const file = join(dir, 'broken.yaml')
    await writeFile(file, 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n')
    const error = (await loadOpenApi(file).catch((thrown: unknown) => thrown)) as HarnessError
    expect(error.code).toBe('L2CONF_ERR_SPEC')
    expect(error.message).toMatch(/broken\.yaml: not valid YAML \(line \d+, column \d+\): /)
  })
})
