/**
 * What the node keeps of each block: the 15 pre-London header fields, the hash, the RLP size and the
 * transactions with their receipts and layer-2 context. Everything a JSON-RPC answer needs comes
 * from here (section 2.1 block object; transaction and receipt objects with the layer-2 fields).
 */

/** The 15 fields of a pre-London (Berlin) header, in RLP order. */
export interface HeaderFields {
  parentHash: Uint8Array
  uncleHash: Uint8Array
  coinbase: Uint8Array
  stateRoot: Uint8Array
  transactionsRoot: Uint8Array
  receiptsRoot: Uint8Array
  logsBloom: Uint8Array
  difficulty: bigint
  number: bigint
  gasLimit: bigint
  gasUsed: bigint
  timestamp: bigint
  extraData: Uint8Array
  mixHash: Uint8Array
  nonce: Uint8Array
}

/** A log as a receipt holds it. */
export interface StoredLog {
  address: Uint8Array
  topics: Uint8Array[]
  data: Uint8Array
}

/** A receipt with the layer-1 fee fields (l1FeeScalar is the chain constant). */
export interface StoredReceipt {
  status: 0 | 1
  gasUsed: bigint
  cumulativeGasUsed: bigint
  contractAddress: Uint8Array | null
  logs: StoredLog[]
  l1GasPrice: bigint
  l1GasUsed: bigint
  l1Fee: bigint
}

/** Where a transaction came from: the sequencer (sent to this node) or the layer-1 queue. */
export type QueueOrigin = 'sequencer' | 'l1'

/** A transaction as executed, with its layer-2 context and its receipt. */
export interface StoredTransaction {
  /** The transaction's RLP: as signed for sequencer transactions, with v = r = s = 0 for queue ones. */
  raw: Uint8Array
  hash: Uint8Array
  from: Uint8Array
  queueOrigin: QueueOrigin
  /** The layer-1 sender of a queue message; null for sequencer transactions. */
  l1TxOrigin: Uint8Array | null
  l1BlockNumber: bigint
  l1Timestamp: bigint
  /** Position in the layer-1 queue; null for sequencer transactions. */
  queueIndex: bigint | null
  receipt: StoredReceipt
}

/** A block: header, hash, RLP size and transactions (one per block on this chain, none at genesis). */
export interface StoredBlock {
  header: HeaderFields
  hash: Uint8Array
  size: number
  transactions: StoredTransaction[]
}
