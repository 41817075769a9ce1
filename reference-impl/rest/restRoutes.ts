import { parseAddresses } from './parseAddresses.js'
import { portfolioBody } from './portfolioBody.js'
import { tokenDataBody } from './tokenDataBody.js'
import { tokenHoldings } from './tokenHoldings.js'
import type { TreasuryConfig } from './treasuryConfig.js'
import type { TreasuryReader } from './treasuryReader.js'
import { treasuryStatisticBody } from './treasuryStatisticBody.js'
import { treasuryTokensBody } from './treasuryTokensBody.js'

/** One GET path of the API: the query parameters it takes, and how it answers. */
export interface RestRoute {
  params: ReadonlySet<string>
  answer(query: URLSearchParams): Promise<unknown>
}

const NO_PARAMS: ReadonlySet<string> = new Set()
const ADDRESSES: ReadonlySet<string> = new Set(['addresses'])

/** The five paths of openapi.yaml, relative to /api. */
export function restRoutes(config: TreasuryConfig, reader: TreasuryReader): ReadonlyMap<string, RestRoute> {
  const selected: ReadonlySet<string> = new Set(config.selected)
  const treasury = config.wallets.treasury
  // Every default answer comes from one snapshot of all the configured wallets (one batch per head).
  const allWallets = [...config.wallets.treasury, ...config.wallets.liquidity, ...config.wallets.locked, ...config.wallets.core]

  async function portfolio(query: URLSearchParams, symbols?: ReadonlySet<string>): Promise<unknown> {
    const requested = parseAddresses(query.getAll('addresses'))
    const snapshot = await reader.read(requested ?? allWallets)
    return portfolioBody(tokenHoldings(config, snapshot, requested ?? treasury, symbols))
  }

  return new Map<string, RestRoute>([
    ['/portfolio', { params: ADDRESSES, answer: (query) => portfolio(query) }],
    ['/portfolio/selected', { params: ADDRESSES, answer: (query) => portfolio(query, selected) }],
    ['/token-data', { params: NO_PARAMS, answer: async () => tokenDataBody(config, await reader.read(allWallets)) }],
    [
      '/v2/treasury/statistics',
      { params: NO_PARAMS, answer: async () => treasuryStatisticBody(tokenHoldings(config, await reader.read(allWallets), treasury)) },
    ],
    [
      '/v2/treasury/tokens',
      {
        params: NO_PARAMS,
        answer: async () => {
          const [snapshot, firstSeen] = await Promise.all([reader.read(allWallets), reader.genesisTimestamp()])
          return treasuryTokensBody(config, tokenHoldings(config, snapshot, treasury), firstSeen)
        },
      },
    ],
  ])
}
