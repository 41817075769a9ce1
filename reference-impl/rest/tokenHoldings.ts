import type { TreasuryToken, TreasuryConfig } from './treasuryConfig.js'
import type { TreasurySnapshot } from './treasuryReader.js'
import { usdCents } from './usdValue.js'

/** One token held by a set of wallets: the summed balance and its USD value in cents. */
export interface TokenHolding {
  token: TreasuryToken
  /** Balance in the token's smallest unit, summed over the wallets. */
  raw: bigint
  cents: bigint
}

/**
 * The tokens `owners` hold (in the config's order; tokens they do not hold are left out), optionally
 * only those whose symbol is in `symbols`.
 */
export function tokenHoldings(config: TreasuryConfig, snapshot: TreasurySnapshot, owners: readonly string[], symbols?: ReadonlySet<string>): TokenHolding[] {
  const wallets = [...new Set(owners.map((owner) => owner.toLowerCase()))]
  const holdings: TokenHolding[] = []
  for (const token of config.tokens) {
    if (symbols !== undefined && !symbols.has(token.symbol)) continue
    const byOwner = snapshot.balances.get(token.address.toLowerCase())
    const raw = wallets.reduce((sum, owner) => sum + (byOwner?.get(owner) ?? 0n), 0n)
    if (raw === 0n) continue
    holdings.push({ token, raw, cents: usdCents(raw, token.decimals, token.priceUsd) })
  }
  return holdings
}
