import { describe, expect, it } from 'vitest'
import { restConsistencyProblems } from './restConsistency.js'

const portfolio = (total: number, values: Array<[number, number, number, string]>) => ({
  success: true,
  statusCode: 200,
  value: { totalValueInUSD: total, portfolio: values.map(([amount, price, value, share], i) => ({ symbol: `T${i}`, amount, price, value, perOfHoldings: share })) },
})

describe('restConsistencyProblems', () => {
  it('accepts a portfolio whose values, total and shares add up (to the cent and the hundredth)', () => {
    expect(restConsistencyProblems(portfolio(300.01, [[2, 100, 200, '66.66%'], [1, 100.01, 100.01, '33.34%']]))).toEqual([])
  })
  it('catches a total off by more than rounding, a wrong value and shares that miss 100%', () => {
    const problems = restConsistencyProblems(portfolio(330, [[2, 100, 210, '60.00%'], [1, 100, 100, '30.00%']]))
    expect(problems.map((p) => p.pointer)).toEqual(['/value/portfolio/0/value', '/value/totalValueInUSD', '/value/portfolio'])
  })
  it('checks statistics: total and percent', () => {
    expect(restConsistencyProblems({ total: 10, tokens: [{ symbol: 'A', amount: 1, price: 10, value: 10, name: 'A', percent: '100.00%' }] })).toEqual([])
    expect(restConsistencyProblems({ total: 11, tokens: [{ symbol: 'A', amount: 1, price: 10, value: 10, name: 'A', percent: '100.00%' }] })).toHaveLength(1)
  })
  it('checks token totals against raw balances, in raw units or whole tokens', () => {
    const body = (total: string) => ({
      success: true,
      statusCode: 200,
      results: { treasuryBalanceData: [{ address: '0x1', tokenBalances: [{ contractAddress: '0x2', tokenBalance: '0xde0b6b3a7640000' }, { contractAddress: '0x2', tokenBalance: '500000000000000000' }] }], treasuryBalanceTotal: total },
    })
    expect(restConsistencyProblems(body('1500000000000000000'))).toEqual([])
    expect(restConsistencyProblems(body('1.5'))).toEqual([])
    expect(restConsistencyProblems(body('2'))).toHaveLength(1)
  })
  it('has nothing to add up in other bodies', () => {
    expect(restConsistencyProblems([{ id: '0x1' }])).toEqual([])
    expect(restConsistencyProblems('text')).toEqual([])
  })
})
