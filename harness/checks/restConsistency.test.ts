import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { restConsistencyProblems, statesSums } from './restConsistency.js'

const portfolio = (total: number, values: Array<[number, number, number, string]>) => ({
  success: true,
  statusCode: 200,
  value: {
    totalValueInUSD: total,
    portfolio: values.map(([amount, price, value, share], i) => ({ symbol: `T${i}`, amount, price, value, perOfHoldings: share })),
  },
})

describe('restConsistencyProblems', () => {
  it('accepts a portfolio whose values, total and shares add up (to the cent and the hundredth)', () => {
    expect(
      restConsistencyProblems(
        portfolio(300.01, [
          [2, 100, 200, '66.66%'],
          [1, 100.01, 100.01, '33.34%'],
        ]),
      ),
    ).toEqual([])
  })
  it('catches a total off by more than rounding, a wrong value and shares that miss 100%', () => {
    const problems = restConsistencyProblems(
      portfolio(330, [
        [2, 100, 210, '60.00%'],
        [1, 100, 100, '30.00%'],
      ]),
    )
    expect(problems?.map((p) => p.pointer)).toEqual(['/value/portfolio/0/value', '/value/totalValueInUSD', '/value/portfolio'])
  })
  it('checks statistics: total and percent', () => {
    expect(restConsistencyProblems({ total: 10, tokens: [{ symbol: 'A', amount: 1, price: 10, value: 10, name: 'A', percent: '100.00%' }] })).toEqual([])
    expect(restConsistencyProblems({ total: 11, tokens: [{ symbol: 'A', amount: 1, price: 10, value: 10, name: 'A', percent: '100.00%' }] })).toHaveLength(1)
  })
  it('checks token totals against raw balances, in raw units or whole tokens', () => {
    const body = (total: string) => ({
      success: true,
      statusCode: 200,
      results: {
        treasuryBalanceData: [
          {
            address: '0x1',
            tokenBalances: [
              { contractAddress: '0x2', tokenBalance: '0xde0b6b3a7640000' },
              { contractAddress: '0x2', tokenBalance: '500000000000000000' },
            ],
          },
        ],
        treasuryBalanceTotal: total,
      },
    })
    expect(restConsistencyProblems(body('1500000000000000000'))).toEqual([])
    expect(restConsistencyProblems(body('1.5'))).toEqual([])
    expect(restConsistencyProblems(body('2'))).toHaveLength(1)
  })
  it('says null (nothing was added up) of a body without totals, never an empty list of problems', () => {
    expect(restConsistencyProblems([{ id: '0x1' }])).toBeNull()
    expect(restConsistencyProblems('text')).toBeNull()
    expect(restConsistencyProblems({ k0: 0, k1: 1 })).toBeNull()
    // Token balances without any balance to add: nothing was added up either.
    expect(restConsistencyProblems({ results: { treasuryBalanceData: [], treasuryBalanceTotal: '0' } })).toBeNull()
  })
})

describe('statesSums', () => {
  it('finds the totals in the schemas of openapi.yaml: every path but the list of tokens', () => {
    const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>
      components: { schemas: Record<string, unknown> }
    }
    // The schemas as the suite sees them: every local $ref replaced by its target.
    const deref = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(deref)
      if (value === null || typeof value !== 'object') return value
      const ref = (value as { $ref?: unknown }).$ref
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && ref.split('/').length === 4)
        return deref(document.components.schemas[ref.split('/')[3] as string])
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deref(item)]))
    }
    const stated = Object.entries(document.paths)
      .filter(([, item]) => statesSums(deref(item.get.responses['200']?.content['application/json']?.schema)))
      .map(([path]) => path)
    expect(stated).toEqual(['/portfolio', '/portfolio/selected', '/token-data', '/v2/treasury/statistics'])
  })

  it('looks through allOf, anyOf and oneOf, and wants both halves of the statistics', () => {
    expect(statesSums({ allOf: [{ properties: { value: { properties: { portfolio: {} } } } }] })).toBe(true)
    expect(statesSums({ oneOf: [{ properties: { results: { properties: { lockedTotal: {} } } } }] })).toBe(true)
    expect(statesSums({ properties: { tokens: {} } })).toBe(false)
    expect(statesSums({ type: 'array', items: { properties: { total: {} } } })).toBe(false)
    expect(statesSums(undefined)).toBe(false)
  })
})
