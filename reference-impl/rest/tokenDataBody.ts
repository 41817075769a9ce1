import { formatUnits } from './formatUnits.js'
import type { TreasuryConfig, TreasuryToken } from './treasuryConfig.js'
import type { TreasurySnapshot } from './treasuryReader.js'

/** openapi.yaml `TokenBalance`: a balance in the token's smallest unit. */
export interface TokenBalance {
  contractAddress: string
  tokenBalance: string
}

/** One wallet's balances of the native token. */
export interface WalletBalances {
  address: string
  tokenBalances: TokenBalance[]
}

/** openapi.yaml `TokenBalances`. */
export interface TokenBalances {
  success: true
  statusCode: 200
  results: {
    totalSupply: string
    treasuryBalanceData: WalletBalances
    treasuryLPBalanceData: WalletBalances
    lockedBalancesData: WalletBalances
    mantleCoreData: WalletBalances
    treasuryBalanceTotal: string
    treasuryLPTokenTotal: string
    mantleCoreTotal: string
    lockedTotal: string
    circulatingSupply: string
  }
}

/**
 * GET /token-data: the native token's supply, the balances of the treasury, liquidity, locked and
 * core wallets (the first of each group, as the schema holds one wallet per group), their totals in
 * whole tokens, and the circulating supply: total supply less the four totals, computed exactly in
 * the smallest unit and only then written in whole tokens.
 */
export function tokenDataBody(config: TreasuryConfig, snapshot: TreasurySnapshot): TokenBalances {
  const native = config.tokens.find((token) => token.symbol === config.nativeToken) as TreasuryToken
  const address = native.address.toLowerCase()
  const supply = snapshot.totalSupplies.get(address) ?? 0n
  const balanceOf = (wallet: string): bigint => snapshot.balances.get(address)?.get(wallet.toLowerCase()) ?? 0n
  const wallet = (group: keyof TreasuryConfig['wallets']): { data: WalletBalances; raw: bigint } => {
    const owner = config.wallets[group][0] as string
    const raw = balanceOf(owner)
    return { data: { address: owner, tokenBalances: [{ contractAddress: native.address, tokenBalance: raw.toString() }] }, raw }
  }
  const treasury = wallet('treasury')
  const liquidity = wallet('liquidity')
  const locked = wallet('locked')
  const core = wallet('core')
  const whole = (raw: bigint): string => formatUnits(raw, native.decimals)
  return {
    success: true,
    statusCode: 200,
    results: {
      totalSupply: whole(supply),
      treasuryBalanceData: treasury.data,
      treasuryLPBalanceData: liquidity.data,
      lockedBalancesData: locked.data,
      mantleCoreData: core.data,
      treasuryBalanceTotal: whole(treasury.raw),
      treasuryLPTokenTotal: whole(liquidity.raw),
      mantleCoreTotal: whole(core.raw),
      lockedTotal: whole(locked.raw),
      circulatingSupply: whole(supply - treasury.raw - liquidity.raw - locked.raw - core.raw),
    },
  }
}
