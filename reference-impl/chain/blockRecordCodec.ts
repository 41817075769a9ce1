import { RLP } from '@ethereumjs/rlp'
import { bigIntToBytes, bytesToBigInt } from './hex.js'
import type { HeaderFields, StoredBlock, StoredLog, StoredReceipt, StoredTransaction } from './storedBlock.js'

type Nested = Uint8Array | Nested[]

const EMPTY = new Uint8Array(0)
const BLOOM_BYTES = 256

/**
 * Encodes a block for the block store as one RLP item: compact (an all-zero logs bloom, the common
 * case, is stored empty) and decodable without any other state.
 */
export function encodeBlockRecord(block: StoredBlock): Uint8Array {
  const h = block.header
  const header: Nested[] = [
    h.parentHash, h.uncleHash, h.coinbase, h.stateRoot, h.transactionsRoot, h.receiptsRoot,
    isZero(h.logsBloom) ? EMPTY : h.logsBloom,
    bigIntToBytes(h.difficulty), bigIntToBytes(h.number), bigIntToBytes(h.gasLimit), bigIntToBytes(h.gasUsed),
    bigIntToBytes(h.timestamp), h.extraData, h.mixHash, h.nonce,
  ]
  return RLP.encode([header, block.hash, bigIntToBytes(BigInt(block.size)), block.transactions.map(encodeTransaction)])
}

/** Decodes what encodeBlockRecord wrote. The byte arrays may be views into `record`. */
export function decodeBlockRecord(record: Uint8Array): StoredBlock {
  const [header, hash, size, transactions] = RLP.decode(record) as unknown as [Uint8Array[], Uint8Array, Uint8Array, Nested[][]]
  const [parentHash, uncleHash, coinbase, stateRoot, transactionsRoot, receiptsRoot, bloom, difficulty, number, gasLimit, gasUsed, timestamp, extraData, mixHash, nonce] = header as [
    Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array,
  ]
  const fields: HeaderFields = {
    parentHash, uncleHash, coinbase, stateRoot, transactionsRoot, receiptsRoot,
    logsBloom: bloom.length === 0 ? new Uint8Array(BLOOM_BYTES) : bloom,
    difficulty: bytesToBigInt(difficulty), number: bytesToBigInt(number), gasLimit: bytesToBigInt(gasLimit),
    gasUsed: bytesToBigInt(gasUsed), timestamp: bytesToBigInt(timestamp), extraData, mixHash, nonce,
  }
  return { header: fields, hash, size: Number(bytesToBigInt(size)), transactions: transactions.map(decodeTransaction) }
}

function encodeTransaction(tx: StoredTransaction): Nested[] {
  const r = tx.receipt
  return [
    tx.raw, tx.hash, tx.from, Uint8Array.of(tx.queueOrigin === 'l1' ? 1 : 0), tx.l1TxOrigin ?? EMPTY,
    bigIntToBytes(tx.l1BlockNumber), bigIntToBytes(tx.l1Timestamp), tx.queueIndex === null ? EMPTY : bigIntToBytes(tx.queueIndex),
    [
      Uint8Array.of(r.status), bigIntToBytes(r.gasUsed), bigIntToBytes(r.cumulativeGasUsed), r.contractAddress ?? EMPTY,
      r.logs.map((log) => [log.address, log.topics, log.data]),
      bigIntToBytes(r.l1GasPrice), bigIntToBytes(r.l1GasUsed), bigIntToBytes(r.l1Fee),
    ],
  ]
}

function decodeTransaction(item: Nested[]): StoredTransaction {
  const [raw, hash, from, origin, l1TxOrigin, l1BlockNumber, l1Timestamp, queueIndex, receipt] = item as [
    Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Nested[],
  ]
  const [status, gasUsed, cumulativeGasUsed, contractAddress, logs, l1GasPrice, l1GasUsed, l1Fee] = receipt as [
    Uint8Array, Uint8Array, Uint8Array, Uint8Array, Nested[][], Uint8Array, Uint8Array, Uint8Array,
  ]
  const isL1 = origin[0] === 1
  const storedReceipt: StoredReceipt = {
    status: status[0] === 1 ? 1 : 0,
    gasUsed: bytesToBigInt(gasUsed),
    cumulativeGasUsed: bytesToBigInt(cumulativeGasUsed),
    contractAddress: contractAddress.length === 0 ? null : contractAddress,
    logs: logs.map(([address, topics, data]): StoredLog => ({ address: address as Uint8Array, topics: topics as Uint8Array[], data: data as Uint8Array })),
    l1GasPrice: bytesToBigInt(l1GasPrice),
    l1GasUsed: bytesToBigInt(l1GasUsed),
    l1Fee: bytesToBigInt(l1Fee),
  }
  return {
    raw, hash, from,
    queueOrigin: isL1 ? 'l1' : 'sequencer',
    l1TxOrigin: isL1 ? l1TxOrigin : null,
    l1BlockNumber: bytesToBigInt(l1BlockNumber),
    l1Timestamp: bytesToBigInt(l1Timestamp),
    queueIndex: isL1 ? bytesToBigInt(queueIndex) : null,
    receipt: storedReceipt,
  }
}

function isZero(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 0) return false
  return true
}
