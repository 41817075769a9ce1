import { RawJson } from '../rpc/rawJson.js'
import { blockJson } from './blockJson.js'
import type { BlockStore } from './blockStore.js'

/** Blocks whose JSON text is kept, per shape (hashes only, full transactions). */
const CACHED_BLOCKS = 4096

/** A block's result and its number. */
interface RecentResult {
  number: number
  result: RawJson
}

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
  // The last block asked for as a result, per shape.
  readonly #recent: [RecentResult | undefined, RecentResult | undefined] = [undefined, undefined]

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

  /**
   * Block `number`'s object as a method result, or null past the head. The result of the block last
   * asked for in each shape is kept, so polling one block (the head, under "latest") gets the same
   * object, with nothing made per request. Keyed by number, and blocks never change: a new head is a
   * new number, so the answer to "latest" changes as soon as a block is sealed.
   */
  blockResult(number: number, fullTransactions: boolean): RawJson | null {
    const shape = fullTransactions ? 1 : 0
    const recent = this.#recent[shape]
    if (recent !== undefined && recent.number === number) return recent.result
    const bytes = this.blockBytes(number, fullTransactions)
    if (bytes === null) return null
    const result = new RawJson([bytes])
    this.#recent[shape] = { number, result }
    return result
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
