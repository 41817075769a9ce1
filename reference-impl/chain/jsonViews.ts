import { blockJson } from './blockJson.js'
import type { BlockStore } from './blockStore.js'

/** Blocks whose JSON text is kept, per shape (hashes only, full transactions). */
const CACHED_BLOCKS = 4096

/**
 * Block JSON for the answers: blocks never change, so the JSON of recently asked blocks (both shapes)
 * is serialised and UTF-8 encoded once, then copied into answers as bytes (eth_getBlockRange, the
 * block getters): never parsed, serialised or encoded again.
 */
export class JsonViews {
  readonly #store: BlockStore
  // By block number, per shape: a read is one array index. Evicted first in, first out (a hit costs
  // no bookkeeping; blocks asked again are soon cached again).
  readonly #cached: [Array<Buffer | undefined>, Array<Buffer | undefined>] = [[], []]
  readonly #order: number[] = []
  readonly #capacity: number

  /** `capacity`: blocks cached per shape. */
  constructor(store: BlockStore, capacity = CACHED_BLOCKS) {
    this.#store = store
    this.#capacity = capacity
  }

  /** The block object of block `number` (a fresh one, the caller's to keep), or null past the head. */
  block(number: number, fullTransactions: boolean): Record<string, unknown> | null {
    const block = this.#store.byNumber(number)
    return block === undefined ? null : blockJson(block, fullTransactions)
  }

  /** The JSON of block `number`'s object as UTF-8 bytes (shared: never write to them), or null past the head. */
  blockBytes(number: number, fullTransactions: boolean): Buffer | null {
    const shape = fullTransactions ? 1 : 0
    const cached = this.#cached[shape][number]
    if (cached !== undefined) return cached
    const block = this.#store.byNumber(number)
    if (block === undefined) return null
    const bytes = Buffer.from(JSON.stringify(blockJson(block, fullTransactions)), 'utf8')
    this.#cached[shape][number] = bytes
    this.#order.push(number * 2 + shape)
    if (this.#order.length > this.#capacity * 2) {
      const oldest = this.#order.shift() as number
      this.#cached[oldest % 2]![Math.floor(oldest / 2)] = undefined
    }
    return bytes
  }
}
