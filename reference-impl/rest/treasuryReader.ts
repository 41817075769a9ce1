import { UpstreamError, type JsonRpcCall, type NodeClient } from './nodeClient.js'
import type { TreasuryConfig } from './treasuryConfig.js'

/** Balances and supplies of the treasury's tokens, all read at one block. */
export interface TreasurySnapshot {
  blockNumber: bigint
  /** Token address (lower case) -> owner (lower case) -> balance in the token's smallest unit. */
  balances: ReadonlyMap<string, ReadonlyMap<string, bigint>>
  /** Token address (lower case) -> totalSupply(). */
  totalSupplies: ReadonlyMap<string, bigint>
}

export interface TreasuryReader {
  /** Every token's balance for each owner, and every token's supply, at the node's head. */
  read(owners: readonly string[]): Promise<TreasurySnapshot>
  /** The genesis block's timestamp: when the treasury's tokens (deployed at genesis) were first seen. */
  genesisTimestamp(): Promise<number>
}

/** ERC-20 `balanceOf(address)` and `totalSupply()` selectors. */
const BALANCE_OF = '0x70a08231'
const TOTAL_SUPPLY = '0x18160ddd'
const UINT256 = /^0x[0-9a-fA-F]{64}$/
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
/** Snapshots kept for the current head (one per distinct owner list). */
const MAX_CACHED = 64

/**
 * Reads the treasury from the node over JSON-RPC, the way the real service reads a node provider:
 * eth_blockNumber, then one batch of eth_call (balanceOf per token and owner, totalSupply per token)
 * pinned to that block. Snapshots are reused until the head moves; concurrent reads of the same
 * owners share one batch.
 */
export function createTreasuryReader(client: NodeClient, config: TreasuryConfig): TreasuryReader {
  let cachedHead: bigint | undefined
  const cache = new Map<string, Promise<TreasurySnapshot>>()
  let genesis: Promise<number> | undefined

  async function readAt(blockNumber: bigint, owners: readonly string[]): Promise<TreasurySnapshot> {
    const block = `0x${blockNumber.toString(16)}`
    const calls: JsonRpcCall[] = []
    for (const token of config.tokens) {
      calls.push({ method: 'eth_call', params: [{ to: token.address, data: TOTAL_SUPPLY }, block] })
      for (const owner of owners) {
        calls.push({ method: 'eth_call', params: [{ to: token.address, data: `${BALANCE_OF}${owner.slice(2).toLowerCase().padStart(64, '0')}` }, block] })
      }
    }
    const results = await client.batch(calls)
    const balances = new Map<string, Map<string, bigint>>()
    const totalSupplies = new Map<string, bigint>()
    let index = 0
    for (const token of config.tokens) {
      const address = token.address.toLowerCase()
      totalSupplies.set(address, uint256(results[index++], `totalSupply() of ${token.symbol}`))
      const byOwner = new Map<string, bigint>()
      for (const owner of owners) byOwner.set(owner, uint256(results[index++], `balanceOf() of ${token.symbol}`))
      balances.set(address, byOwner)
    }
    return { blockNumber, balances, totalSupplies }
  }

  return {
    async read(requested) {
      const owners = [...new Set(requested.map((owner) => owner.toLowerCase()))].sort()
      const head = quantity(await client.call('eth_blockNumber', []), 'eth_blockNumber')
      if (head !== cachedHead) {
        cachedHead = head
        cache.clear()
      }
      const key = owners.join(',')
      let snapshot = cache.get(key)
      if (snapshot === undefined) {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
        snapshot = readAt(head, owners)
        cache.set(key, snapshot)
        // A failed read is not remembered: the next request asks the node again.
        snapshot.catch(() => {
          if (cache.get(key) === snapshot) cache.delete(key)
        })
      }
      return snapshot
    },
    genesisTimestamp() {
      if (genesis === undefined) {
        const reading = client.call('eth_getBlockByNumber', ['0x0', false]).then((block) => {
          const timestamp = (block as { timestamp?: unknown } | null)?.timestamp
          return Number(quantity(timestamp, 'the genesis timestamp'))
        })
        genesis = reading
        reading.catch(() => {
          if (genesis === reading) genesis = undefined
        })
      }
      return genesis
    },
  }
}

function uint256(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !UINT256.test(value))
    throw new UpstreamError('bad-answer', `${what}: expected a 32-byte word, got ${JSON.stringify(value)?.slice(0, 80)}`)
  return BigInt(value)
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw new UpstreamError('bad-answer', `${what}: expected a quantity, got ${JSON.stringify(value)?.slice(0, 80)}`)
  return BigInt(value)
}
