import { formatUnits } from './formatUnits.js'
import { percentShares } from './percentShares.js'
import type { TokenHolding } from './tokenHoldings.js'
import { centsToUsd } from './usdValue.js'

/** openapi.yaml `PortfolioData`. */
export interface PortfolioData {
  address: string
  amount: number
  logo: string
  name: string
  price: number
  symbol: string
  decimals: number
  value: number
  perOfHoldings: string
}

/** openapi.yaml `Portfolio`. */
export interface Portfolio {
  success: true
  statusCode: 200
  value: { totalValueInUSD: number; portfolio: PortfolioData[] }
}

/**
 * GET /portfolio and /portfolio/selected: one entry per held token; `value` in USD to the cent,
 * `totalValueInUSD` the exact sum of the values, `perOfHoldings` summing to 100.00%.
 */
export function portfolioBody(holdings: readonly TokenHolding[]): Portfolio {
  const shares = percentShares(holdings.map((holding) => holding.cents))
  const total = holdings.reduce((sum, holding) => sum + holding.cents, 0n)
  return {
    success: true,
    statusCode: 200,
    value: {
      totalValueInUSD: centsToUsd(total),
      portfolio: holdings.map(({ token, raw, cents }, index) => ({
        address: token.address,
        amount: Number(formatUnits(raw, token.decimals)),
        logo: token.logo,
        name: token.name,
        price: token.priceUsd,
        symbol: token.symbol,
        decimals: token.decimals,
        value: centsToUsd(cents),
        perOfHoldings: shares[index] as string,
      })),
    },
  }
}
