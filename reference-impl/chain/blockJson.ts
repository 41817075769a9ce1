import { BLOCK_DIFFICULTY, GENESIS_DIFFICULTY } from './chainConstants.js'
import { toData, toQuantity } from './hex.js'
import type { StoredBlock } from './storedBlock.js'
import { transactionJson } from './transactionJson.js'

/**
 * The block object (section 2.1; eth_getBlockByNumber/ByHash, eth_getBlockRange): every 2.1 field,
 * hex-encoded, with transaction hashes or, when `fullTransactions`, the objects of
 * eth_getTransactionByHash. totalDifficulty follows from the constant difficulty.
 */
export function blockJson(block: StoredBlock, fullTransactions: boolean): Record<string, unknown> {
  const h = block.header
  return {
    difficulty: toQuantity(h.difficulty),
    extraData: toData(h.extraData),
    gasLimit: toQuantity(h.gasLimit),
    gasUsed: toQuantity(h.gasUsed),
    hash: toData(block.hash),
    logsBloom: toData(h.logsBloom),
    miner: toData(h.coinbase),
    mixHash: toData(h.mixHash),
    nonce: toData(h.nonce),
    number: toQuantity(h.number),
    parentHash: toData(h.parentHash),
    receiptsRoot: toData(h.receiptsRoot),
    sha3Uncles: toData(h.uncleHash),
    size: toQuantity(block.size),
    stateRoot: toData(h.stateRoot),
    timestamp: toQuantity(h.timestamp),
    totalDifficulty: toQuantity(GENESIS_DIFFICULTY + h.number * BLOCK_DIFFICULTY),
    transactions: fullTransactions ? block.transactions.map((_, i) => transactionJson(block, i)) : block.transactions.map((tx) => toData(tx.hash)),
    transactionsRoot: toData(h.transactionsRoot),
    uncles: [],
  }
}
