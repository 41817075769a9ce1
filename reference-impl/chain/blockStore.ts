import { ByteArena } from './byteArena.js'
import { decodeBlockRecord, encodeBlockRecord, type RecordContext, type UsualHeaderFields } from './blockRecordCodec.js'
import { HashIndex } from './hashIndex.js'
import { LruCache } from './lruCache.js'
import type { StoredBlock } from './storedBlock.js'

/** Where a transaction sits in the chain. */
export interface TransactionLocation {
  blockNumber: number
  index: number
}

const HASH_BYTES = 32
/** Per block, kept unencoded for fast access: hash, state root. */
const FIXED_BYTES = 2 * HASH_BYTES

/**
 * The canonical chain: blocks by number and by hash, transactions by hash. Blocks never change once
 * appended (no reorgs on a single sequencer), so each is stored once, encoded, in a ByteArena; the
 * most recently read ones are kept decoded.
 */
export class BlockStore {
  readonly #arena = new ByteArena(4 << 20)
  #locators = new Float64Array(1024)
  #fixed = new Uint8Array(1024 * FIXED_BYTES)
  /** Number of logs per block: eth_getLogs skips blocks without any without decoding them. */
  #logCounts = new Uint16Array(1024)
  #height = 0
  readonly #blocksByHash = new HashIndex()
  readonly #txsByHash = new HashIndex()
  readonly #decoded = new LruCache<number, StoredBlock>(2048)
  readonly #usual: UsualHeaderFields

  /** `usual`: the header fields the chain seals every block with, which records then leave out. */
  constructor(usual: UsualHeaderFields) {
    this.#usual = usual
  }

  /** Number of blocks stored (the head is height - 1). */
  get height(): number {
    return this.#height
  }

  /** Appends the next block (its number must be the current height). */
  append(block: StoredBlock): void {
    const number = this.#height
    if (block.header.number !== BigInt(number)) throw new Error(`block ${block.header.number} appended at height ${number}`)
    this.#grow(number + 1)
    this.#fixed.set(block.hash, number * FIXED_BYTES)
    this.#fixed.set(block.header.stateRoot, number * FIXED_BYTES + HASH_BYTES)
    this.#locators[number] = this.#arena.put(encodeBlockRecord(block, this.#recordContext(number), this.#usual))
    this.#logCounts[number] = Math.min(
      0xffff,
      block.transactions.reduce((n, tx) => n + tx.receipt.logs.length, 0),
    )
    this.#blocksByHash.set(block.hash, number)
    for (const tx of block.transactions) this.#txsByHash.set(tx.hash, number)
    this.#height = number + 1
    this.#decoded.set(number, block)
  }

  /** The block at `number`, or undefined past the head. */
  byNumber(number: number): StoredBlock | undefined {
    if (!Number.isInteger(number) || number < 0 || number >= this.#height) return undefined
    const cached = this.#decoded.get(number)
    if (cached !== undefined) return cached
    const block = decodeBlockRecord(this.#arena.get(this.#locators[number] as number), this.#recordContext(number), this.#usual)
    this.#decoded.set(number, block)
    return block
  }

  /** The number of the block with this hash, if it is in the chain. */
  numberOfHash(hash: Uint8Array): number | undefined {
    return this.#blocksByHash.candidates(hash).find((n) => equal32(this.#fixed, n * FIXED_BYTES, hash))
  }

  /** Where the transaction with this hash is, if it was executed. */
  locateTransaction(hash: Uint8Array): TransactionLocation | undefined {
    for (const blockNumber of this.#txsByHash.candidates(hash)) {
      const block = this.byNumber(blockNumber)
      const index = block?.transactions.findIndex((tx) => equal32(tx.hash, 0, hash)) ?? -1
      if (index >= 0) return { blockNumber, index }
    }
    return undefined
  }

  /** Hash of block `number` (a view; do not modify). */
  hashOf(number: number): Uint8Array {
    return this.#fixed.subarray(number * FIXED_BYTES, number * FIXED_BYTES + HASH_BYTES)
  }

  /** State root after block `number` (a view; do not modify). */
  stateRootOf(number: number): Uint8Array {
    return this.#fixed.subarray(number * FIXED_BYTES + HASH_BYTES, (number + 1) * FIXED_BYTES)
  }

  /** Number of logs in block `number` (saturates at 65535). */
  logCountOf(number: number): number {
    return this.#logCounts[number] ?? 0
  }

  /** Bytes reserved for block records (for the memory figures of the bench). */
  get reservedBytes(): number {
    return this.#arena.reservedBytes + this.#locators.byteLength + this.#fixed.byteLength + this.#logCounts.byteLength
  }

  /**
   * What a record of block `number` leaves to the store: copies, not views, as the fixed slots are
   * replaced when they grow and a decoded block must not hold the old ones.
   */
  #recordContext(number: number): RecordContext {
    return {
      hash: this.hashOf(number).slice(),
      stateRoot: this.stateRootOf(number).slice(),
      previousHash: number === 0 ? undefined : this.hashOf(number - 1).slice(),
    }
  }

  #grow(needed: number): void {
    if (needed <= this.#locators.length) return
    const capacity = Math.max(needed, this.#locators.length * 2)
    const locators = new Float64Array(capacity)
    locators.set(this.#locators)
    this.#locators = locators
    const fixed = new Uint8Array(capacity * FIXED_BYTES)
    fixed.set(this.#fixed)
    this.#fixed = fixed
    const logCounts = new Uint16Array(capacity)
    logCounts.set(this.#logCounts)
    this.#logCounts = logCounts
  }
}

function equal32(haystack: Uint8Array, at: number, hash: Uint8Array): boolean {
  if (hash.length !== HASH_BYTES) return false
  for (let i = 0; i < HASH_BYTES; i++) if (haystack[at + i] !== hash[i]) return false
  return true
}
