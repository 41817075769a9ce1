import treasury from '../treasury.config.json' with { type: 'json' }
import { DEV_ACCOUNTS, DEV_ACCOUNT_BALANCE } from './devAccounts.js'
import { TOKEN_LAYOUT, TOKEN_RUNTIME_CODE } from './tokenArtifact.js'
import { type StorageEntry, tokenGenesisStorage } from './tokenGenesisStorage.js'

/** One account of the genesis state. */
export interface GenesisAccount {
  address: string
  balance: bigint
  code?: Uint8Array
  storage?: readonly StorageEntry[]
}

/**
 * The genesis state: the ten development accounts with 10000 ETH each, and each ERC-20 token of
 * treasury.config.json as Token.sol runtime code at its address with its name, symbol, decimals,
 * totalSupply and balances written into storage.
 */
export function genesisAllocation(): GenesisAccount[] {
  const accounts: GenesisAccount[] = DEV_ACCOUNTS.map((account) => ({ address: account.address, balance: DEV_ACCOUNT_BALANCE }))
  for (const token of treasury.tokens) {
    const balances = new Map(Object.entries(token.balances).map(([address, amount]) => [address, BigInt(amount)] as const))
    accounts.push({
      address: token.address,
      balance: 0n,
      code: TOKEN_RUNTIME_CODE,
      storage: tokenGenesisStorage(
        { name: token.name, symbol: token.symbol, decimals: token.decimals, totalSupply: BigInt(token.totalSupply), balances },
        TOKEN_LAYOUT,
      ),
    })
  }
  return accounts
}

/** The treasury tokens deployed at genesis (symbol and address), for the history and the tests. */
export const GENESIS_TOKENS: readonly { symbol: string; address: string; decimals: number }[] = treasury.tokens.map((t) => ({
  symbol: t.symbol,
  address: t.address,
  decimals: t.decimals,
}))
