import { RLP } from '@ethereumjs/rlp'
import { equalsBytes } from '@ethereumjs/util'
import { bigIntToBytes, bytesToBigInt } from './hex.js'
import type { HeaderFields, StoredBlock, StoredLog, StoredReceipt, StoredTransaction } from './storedBlock.js'

type Nested = Uint8Array | Nested[]

const EMPTY = new Uint8Array(0)
const BLOOM_BYTES = 256

/**
 * What the block store keeps of each block outside its record (in fixed-size slots, for fast
 * access), so the record leaves it out: the block's hash and state root, and the hash of the block
 * before it, which is the parent hash of every block but genesis.
 */
export interface RecordContext {
  hash: Uint8Array
  stateRoot: Uint8Array
  /** The previous block's hash; undefined for genesis. */
  previousHash: Uint8Array | undefined
}

/**
 * Header fields every block of this chain shares (the sequencer seals them all alike): a record
 * marks each that has its usual value with a bit and leaves the bytes out.
 */
export interface UsualHeaderFields {
  uncleHash: Uint8Array
  coinbase: Uint8Array
  extraData: Uint8Array
  mixHash: Uint8Array
  nonce: Uint8Array
}

const USUAL_FIELDS = ['uncleHash', 'coinbase', 'extraData', 'mixHash', 'nonce'] as const
/** Set in the flags when the parent hash is the previous block's hash (left out of the record). */
const PARENT_IS_PREVIOUS = 1 << USUAL_FIELDS.length

/**
 * Encodes a block for the block store as one RLP item: compact (an all-zero logs bloom, the common
 * case, is stored empty; what the store keeps apart and the header fields every block shares are
 * left out: about 200 bytes a block, a fifth of the record) and decodable with its RecordContext.
 */
export function encodeBlockRecord(block: StoredBlock, context: RecordContext, usual: UsualHeaderFields): Uint8Array {
  const h = block.header
  let flags = 0
  const kept = USUAL_FIELDS.map((field, bit) => {
    if (!equalsBytes(h[field], usual[field])) return h[field]
    flags |= 1 << bit
    return EMPTY
  })
  const parentIsPrevious = context.previousHash !== undefined && equalsBytes(h.parentHash, context.previousHash)
  if (parentIsPrevious) flags |= PARENT_IS_PREVIOUS
  const header: Nested[] = [
    bigIntToBytes(BigInt(flags)),
    parentIsPrevious ? EMPTY : h.parentHash,
    ...kept,
    h.transactionsRoot,
    h.receiptsRoot,
    isZero(h.logsBloom) ? EMPTY : h.logsBloom,
    bigIntToBytes(h.difficulty),
    bigIntToBytes(h.number),
    bigIntToBytes(h.gasLimit),
    bigIntToBytes(h.gasUsed),
    bigIntToBytes(h.timestamp),
  ]
  return RLP.encode([header, bigIntToBytes(BigInt(block.size)), block.transactions.map(encodeTransaction)])
}

/** Decodes what encodeBlockRecord wrote, with the same context and usual fields. The byte arrays may be views into `record` or `context`. */
export function decodeBlockRecord(record: Uint8Array, context: RecordContext, usual: UsualHeaderFields): StoredBlock {
  const [header, size, transactions] = RLP.decode(record) as unknown as [Uint8Array[], Uint8Array, Nested[][]]
  const [
    flagBytes,
    parentHash,
    uncleHash,
    coinbase,
    extraData,
    mixHash,
    nonce,
    transactionsRoot,
    receiptsRoot,
    bloom,
    difficulty,
    number,
    gasLimit,
    gasUsed,
    timestamp,
  ] = header as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ]
  const flags = Number(bytesToBigInt(flagBytes))
  const field = (bit: number, stored: Uint8Array): Uint8Array => ((flags & (1 << bit)) !== 0 ? usual[USUAL_FIELDS[bit] as keyof UsualHeaderFields] : stored)
  const fields: HeaderFields = {
    parentHash: (flags & PARENT_IS_PREVIOUS) !== 0 ? (context.previousHash as Uint8Array) : parentHash,
    uncleHash: field(0, uncleHash),
    coinbase: field(1, coinbase),
    stateRoot: context.stateRoot,
    transactionsRoot,
    receiptsRoot,
    logsBloom: bloom.length === 0 ? new Uint8Array(BLOOM_BYTES) : bloom,
    difficulty: bytesToBigInt(difficulty),
    number: bytesToBigInt(number),
    gasLimit: bytesToBigInt(gasLimit),
    gasUsed: bytesToBigInt(gasUsed),
    timestamp: bytesToBigInt(timestamp),
    extraData: field(2, extraData),
    mixHash: field(3, mixHash),
    nonce: field(4, nonce),
  }
  return { header: fields, hash: context.hash, size: Number(bytesToBigInt(size)), transactions: transactions.map(decodeTransaction) }
}

function encodeTransaction(tx: StoredTransaction): Nested[] {
  const r = tx.receipt
  return [
    tx.raw,
    tx.hash,
    tx.from,
    Uint8Array.of(tx.queueOrigin === 'l1' ? 1 : 0),
    tx.l1TxOrigin ?? EMPTY,
    bigIntToBytes(tx.l1BlockNumber),
    bigIntToBytes(tx.l1Timestamp),
    tx.queueIndex === null ? EMPTY : bigIntToBytes(tx.queueIndex),
    [
      Uint8Array.of(r.status),
      bigIntToBytes(r.gasUsed),
      bigIntToBytes(r.cumulativeGasUsed),
      r.contractAddress ?? EMPTY,
      r.logs.map((log) => [log.address, log.topics, log.data]),
      bigIntToBytes(r.l1GasPrice),
      bigIntToBytes(r.l1GasUsed),
      bigIntToBytes(r.l1Fee),
    ],
  ]
}

function decodeTransaction(item: Nested[]): StoredTransaction {
  const [raw, hash, from, origin, l1TxOrigin, l1BlockNumber, l1Timestamp, queueIndex, receipt] = item as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Nested[],
  ]
  const [status, gasUsed, cumulativeGasUsed, contractAddress, logs, l1GasPrice, l1GasUsed, l1Fee] = receipt as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Nested[][],
    Uint8Array,
    Uint8Array,
    Uint8Array,
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
    raw,
    hash,
    from,
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
