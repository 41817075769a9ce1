import { formatUnits } from './formatUnits.js'
import { percentShares } from './percentShares.js'
import type { TokenHolding } from './tokenHoldings.js'
import { centsToUsd } from './usdValue.js'

/** openapi.yaml `StatisticToken`. */
export interface StatisticToken {
  symbol: string
  logo_url: string
  price: number
  amount: number
  value: number
  name: string
  percent: string
}

/** openapi.yaml `TreasuryStatistic` (exactly: no cache time or other extra member). */
export interface TreasuryStatistic {
  total: number
  tokens: StatisticToken[]
}

/** GET /v2/treasury/statistics: value per token to the cent, `total` their exact sum, shares summing to 100.00%. */
export function treasuryStatisticBody(holdings: readonly TokenHolding[]): TreasuryStatistic {
  const shares = percentShares(holdings.map((holding) => holding.cents))
  return {
    total: centsToUsd(holdings.reduce((sum, holding) => sum + holding.cents, 0n)),
    tokens: holdings.map(({ token, raw, cents }, index) => ({
      symbol: token.symbol,
      logo_url: token.logo,
      price: token.priceUsd,
      amount: Number(formatUnits(raw, token.decimals)),
      value: centsToUsd(cents),
      name: token.name,
      percent: shares[index] as string,
    })),
  }
}
