import { readFileSync } from 'node:fs'

/** One token of the treasury: where it lives, how to show it, and its USD price. */
export interface TreasuryToken {
  symbol: string
  name: string
  decimals: number
  address: string
  logo: string
  priceUsd: number
}

/** The treasury the REST service reports on (reference-impl/treasury.config.json). */
export interface TreasuryConfig {
  /** The chain id the token list names (`chain` of /v2/treasury/tokens). */
  chain: string
  /** Symbol of the network's native token (/token-data). */
  nativeToken: string
  wallets: { treasury: string[]; liquidity: string[]; locked: string[]; core: string[] }
  /** Symbols of the tokens /portfolio/selected reports. */
  selected: string[]
  tokens: TreasuryToken[]
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The bundled treasury.config.json, beside this folder. */
export const defaultTreasuryConfigUrl = new URL('../treasury.config.json', import.meta.url)

/** Reads and checks a treasury config; throws with the offending member named when it is malformed. */
export function loadTreasuryConfig(source: URL | string = defaultTreasuryConfigUrl): TreasuryConfig {
  const raw = JSON.parse(readFileSync(source, 'utf8')) as unknown
  return parseTreasuryConfig(raw)
}

/** Checks the members the service relies on; the genesis balances of the file are the node's business. */
export function parseTreasuryConfig(raw: unknown): TreasuryConfig {
  const config = raw as Partial<TreasuryConfig>
  const fail = (what: string): never => {
    throw new Error(`treasury config: ${what}`)
  }
  if (typeof config !== 'object' || config === null) fail('expected an object')
  if (typeof config.chain !== 'string') fail('"chain" must be a string')
  if (typeof config.nativeToken !== 'string') fail('"nativeToken" must be a string')
  const wallets = config.wallets ?? fail('"wallets" is missing')
  for (const group of ['treasury', 'liquidity', 'locked', 'core'] as const) {
    const list = wallets[group]
    if (!Array.isArray(list) || list.length === 0 || !list.every((entry) => typeof entry === 'string' && ADDRESS.test(entry))) {
      fail(`"wallets.${group}" must be a non-empty list of addresses`)
    }
  }
  if (!Array.isArray(config.tokens) || config.tokens.length === 0) fail('"tokens" must be a non-empty list')
  const tokens = config.tokens as TreasuryToken[]
  for (const [index, token] of tokens.entries()) {
    const ok =
      typeof token.symbol === 'string' &&
      typeof token.name === 'string' &&
      Number.isInteger(token.decimals) &&
      token.decimals >= 0 &&
      token.decimals <= 77 &&
      typeof token.address === 'string' &&
      ADDRESS.test(token.address) &&
      typeof token.logo === 'string' &&
      typeof token.priceUsd === 'number' &&
      Number.isFinite(token.priceUsd) &&
      token.priceUsd >= 0
    if (!ok) fail(`"tokens[${index}]" needs symbol, name, decimals, address, logo and a non-negative priceUsd`)
  }
  if (!tokens.some((token) => token.symbol === config.nativeToken)) fail(`the native token ${String(config.nativeToken)} is not among "tokens"`)
  if (!Array.isArray(config.selected) || !config.selected.every((symbol) => tokens.some((token) => token.symbol === symbol))) {
    fail('"selected" must list symbols of "tokens"')
  }
  return {
    chain: config.chain as string,
    nativeToken: config.nativeToken as string,
    wallets: {
      treasury: [...wallets.treasury],
      liquidity: [...wallets.liquidity],
      locked: [...wallets.locked],
      core: [...wallets.core],
    },
    selected: [...(config.selected as string[])],
    tokens: tokens.map(({ symbol, name, decimals, address, logo, priceUsd }) => ({ symbol, name, decimals, address, logo, priceUsd })),
  }
}
