/** A small least-recently-used cache (Map insertion order is the recency order). */
export class LruCache<K, V> {
  readonly #capacity: number
  readonly #map = new Map<K, V>()

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  get(key: K): V | undefined {
    const value = this.#map.get(key)
    if (value !== undefined) {
      this.#map.delete(key)
      this.#map.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.#map.delete(key)
    this.#map.set(key, value)
    if (this.#map.size > this.#capacity) {
      const oldest = this.#map.keys().next()
      if (oldest.done !== true) this.#map.delete(oldest.value)
    }
  }
}
