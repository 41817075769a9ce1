import { hashArgument, quantityArgument } from './hexArguments.js'
import { invalidArgument } from './invalidParams.js'

/** A block named by a call: a tag, a number, or (state methods, EIP-1898) a hash. */
export type BlockSelector = { tag: BlockTag } | { number: bigint } | { hash: Uint8Array; requireCanonical: boolean }

/** The tags of the default block parameter; safe and finalized mean latest on a single sequencer. */
export type BlockTag = 'earliest' | 'latest' | 'pending' | 'safe' | 'finalized'

const TAGS: ReadonlySet<string> = new Set(['earliest', 'latest', 'pending', 'safe', 'finalized'])
const MAX_INT64 = (1n << 63n) - 1n

/**
 * A block number or tag (eth_getBlockByNumber, eth_getBlockRange, filters): "earliest", "latest",
 * "pending", "safe", "finalized" or a hex quantity up to int64, decoded like geth's rpc.BlockNumber.
 */
export function blockNumberArgument(value: unknown, index: number): { tag: BlockTag } | { number: bigint } {
  if (typeof value === 'string' && TAGS.has(value)) return { tag: value as BlockTag }
  // geth strips the quotes and reads the rest as hex: a bare JSON number "has no 0x prefix".
  if (typeof value !== 'string') throw invalidArgument(index, 'hex string without 0x prefix')
  const number = quantityArgument(value, index, 64)
  if (number > MAX_INT64) throw invalidArgument(index, 'block number larger than int64')
  return { number }
}

/**
 * A block for a state query (eth_getBalance, eth_call, ...): a number or tag, a block hash
 * (a 32-byte hex string), or an EIP-1898 object {blockNumber} / {blockHash, requireCanonical}.
 */
export function blockNumberOrHashArgument(value: unknown, index: number): BlockSelector {
  if (typeof value === 'string' && value.length === 66) return { hash: hashArgument(value, index), requireCanonical: false }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { blockNumber, blockHash, requireCanonical, ...rest } = value as Record<string, unknown>
    const unknown = Object.keys(rest)
    if (unknown.length > 0) throw invalidArgument(index, `unknown field "${unknown[0]}" in block selector`)
    if (blockNumber !== undefined && blockHash !== undefined)
      throw invalidArgument(index, 'cannot specify both BlockHash and BlockNumber, choose one or the other')
    if (blockHash !== undefined) {
      if (requireCanonical !== undefined && typeof requireCanonical !== 'boolean') throw invalidArgument(index, 'requireCanonical must be a boolean')
      return { hash: hashArgument(blockHash, index), requireCanonical: requireCanonical === true }
    }
    if (blockNumber !== undefined) return blockNumberArgument(blockNumber, index)
    throw invalidArgument(index, 'either blockNumber or blockHash must be given')
  }
  return blockNumberArgument(value, index)
}
