import { formatUnits } from './formatUnits.js'
import type { TokenHolding } from './tokenHoldings.js'
import type { TreasuryConfig } from './treasuryConfig.js'

/** openapi.yaml `TreasuryTokenBalance`. */
export interface TreasuryTokenBalance {
  id: string
  chain: string
  name: string
  symbol: string
  display_symbol: string
  optimized_symbol: string
  decimals: number
  logo_url: string
  protocol_id: string
  price: number
  is_core: boolean
  is_wallet: boolean
  time_at: number
  amount: number
  raw_amount: number
}

/**
 * GET /v2/treasury/tokens: one entry per token the treasury holds. `is_core` marks the selected
 * (well-known) tokens; every balance is a wallet balance (`is_wallet`, no protocol); `time_at` is
 * when the token was first seen (the treasury's tokens exist from genesis).
 */
export function treasuryTokensBody(config: TreasuryConfig, holdings: readonly TokenHolding[], firstSeen: number): TreasuryTokenBalance[] {
  const core = new Set(config.selected)
  return holdings.map(({ token, raw }) => ({
    id: token.address,
    chain: config.chain,
    name: token.name,
    symbol: token.symbol,
    display_symbol: token.symbol,
    optimized_symbol: token.symbol,
    decimals: token.decimals,
    logo_url: token.logo,
    protocol_id: '',
    price: token.priceUsd,
    is_core: core.has(token.symbol),
    is_wallet: true,
    time_at: firstSeen,
    amount: Number(formatUnits(raw, token.decimals)),
    raw_amount: Number(raw),
  }))
}
