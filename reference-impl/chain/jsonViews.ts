import { blockJson } from './blockJson.js'
import type { BlockStore } from './blockStore.js'
import { LruCache } from './lruCache.js'

/**
 * Formatted block objects, cached: blocks never change, so the JSON of recently asked blocks (both
 * shapes) is built once. The objects are shared between answers: treat them as read-only.
 */
export class JsonViews {
  readonly #store: BlockStore
  readonly #blocks = new LruCache<number, Record<string, unknown>>(4096)

  constructor(store: BlockStore) {
    this.#store = store
  }

  /** The block object of block `number`, or null past the head. */
  block(number: number, fullTransactions: boolean): Record<string, unknown> | null {
    const key = number * 2 + (fullTransactions ? 1 : 0)
    const cached = this.#blocks.get(key)
    if (cached !== undefined) return cached
    const block = this.#store.byNumber(number)
    if (block === undefined) return null
    const json = Object.freeze(blockJson(block, fullTransactions))
    this.#blocks.set(key, json)
    return json
  }
}
