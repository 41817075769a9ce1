import { toData, toQuantity } from './hex.js'
import type { StoredBlock } from './storedBlock.js'

/** A log as JSON-RPC answers it (eth_getLogs, receipts, `logs` subscriptions). */
export interface LogJson {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  transactionHash: string
  transactionIndex: string
  blockHash: string
  logIndex: string
  removed: boolean
}

/** Every log of `block`, in order, with logIndex counted across the block. */
export function blockLogsJson(block: StoredBlock): LogJson[] {
  const logs: LogJson[] = []
  const blockHash = toData(block.hash)
  const blockNumber = toQuantity(block.header.number)
  for (const [txIndex, tx] of block.transactions.entries()) {
    const transactionHash = toData(tx.hash)
    for (const log of tx.receipt.logs) {
      logs.push({
        address: toData(log.address),
        topics: log.topics.map(toData),
        data: toData(log.data),
        blockNumber,
        transactionHash,
        transactionIndex: toQuantity(txIndex),
        blockHash,
        logIndex: toQuantity(logs.length),
        removed: false,
      })
    }
  }
  return logs
}
