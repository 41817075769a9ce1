import type { UntypedFinding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { isBlock } from '../checks/rangeFindings.js'

/**
 * The members a node cannot know for the pending block, the one still being built: geth answers
 * null for its number, hash, nonce and miner, Hardhat for its mixHash too (the Ethereum JSON-RPC
 * block object). Every other block is sealed, so it has them all.
 */
export const SEAL_FIELDS = ['number', 'hash', 'nonce', 'miner', 'mixHash'] as const

/**
 * RPC-STANDARD: a block that is not the pending one (`label` names how it was asked for, e.g.
 * eth_getBlockByNumber("latest")) leaves none of its seal members null; the block schema allows
 * the nulls only because the pending block may have them.
 */
export function checkSealKnown(label: string, exchange: Exchange, block: unknown): UntypedFinding[] {
  if (!isBlock(block)) return []
  return SEAL_FIELDS.filter((field) => Object.hasOwn(block, field) && block[field] === null).map((field) => ({
    message: `${label}: ${field} is null, though only the pending block may leave its seal unknown`,
    pointer: `/result/${field}`,
    exchange,
  }))
}
