import type { QueueMessage } from './chain.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { fromHex } from './hex.js'

/**
 * The layer-1-to-layer-2 message at queue position `queueIndex`: a deposit that a development account
 * made to itself on layer 1 (l1TxOrigin = recipient), of 0.1 to 0.5 ETH. Deterministic, so the
 * history and a replay reproduce it.
 */
export function depositMessage(queueIndex: number, l1BlockNumber: number, l1Timestamp: number): QueueMessage {
  const account = fromHex((DEV_ACCOUNTS[queueIndex % DEV_ACCOUNTS.length] as { address: string }).address)
  return {
    queueIndex: BigInt(queueIndex),
    l1TxOrigin: account,
    to: account,
    value: BigInt(1 + (queueIndex % 5)) * 100_000_000_000_000_000n,
    l1BlockNumber: BigInt(l1BlockNumber),
    l1Timestamp: BigInt(l1Timestamp),
  }
}
