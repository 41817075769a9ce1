import { blockJson } from './blockJson.js'
import type { BlockStore } from './blockStore.js'
import { LruCache } from './lruCache.js'

/** Blocks whose JSON text is kept, per shape (hashes only, full transactions). */
const CACHED_BLOCKS = 4096

/**
 * Block JSON for the answers: blocks never change, so the JSON text of recently asked blocks (both
 * shapes) is serialised once and then joined into answers as it is (eth_getBlockRange, the block
 * getters), never parsed or serialised again.
 */
export class JsonViews {
  readonly #store: BlockStore
  readonly #texts = new LruCache<number, string>(CACHED_BLOCKS * 2)

  constructor(store: BlockStore) {
    this.#store = store
  }

  /** The block object of block `number` (a fresh one, the caller's to keep), or null past the head. */
  block(number: number, fullTransactions: boolean): Record<string, unknown> | null {
    const block = this.#store.byNumber(number)
    return block === undefined ? null : blockJson(block, fullTransactions)
  }

  /** The JSON text of block `number`'s object, or null past the head. */
  blockText(number: number, fullTransactions: boolean): string | null {
    const key = number * 2 + (fullTransactions ? 1 : 0)
    const cached = this.#texts.get(key)
    if (cached !== undefined) return cached
    const block = this.#store.byNumber(number)
    if (block === undefined) return null
    const text = JSON.stringify(blockJson(block, fullTransactions))
    this.#texts.set(key, text)
    return text
  }
}
