/**
 * An append-only store of byte strings packed into large chunks, addressed by a number.
 *
 * Why: the node keeps every block, receipt and state-trie node in memory; one Uint8Array per item
 * costs ~100 bytes of object overhead on top of the bytes, more than many items themselves. Packing
 * them keeps the per-block memory close to the size of the data (a bench builds 100,000 blocks).
 * Items are never removed. `get` returns a view into the chunk: callers must not write to it.
 */
const NOTHING = new Uint8Array(0)

export class ByteArena {
  readonly #chunkSize: number
  readonly #chunks: Uint8Array[] = []
  #used: number

  constructor(chunkSize = 1 << 20) {
    this.#chunkSize = chunkSize
    this.#used = chunkSize
  }

  /** Stores `bytes` (copied) and returns its locator. */
  put(bytes: Uint8Array): number {
    return this.putPair(bytes, NOTHING)
  }

  /** Stores `head` followed by `tail` (copied) as one item and returns its locator. */
  putPair(head: Uint8Array, tail: Uint8Array): number {
    const length = head.length + tail.length
    const need = length + 4
    if (this.#used + need > this.#chunkSize) {
      this.#chunks.push(new Uint8Array(Math.max(this.#chunkSize, need)))
      this.#used = 0
    }
    const index = this.#chunks.length - 1
    const chunk = this.#chunks[index] as Uint8Array
    const at = this.#used
    chunk[at] = length >>> 24
    chunk[at + 1] = (length >>> 16) & 0xff
    chunk[at + 2] = (length >>> 8) & 0xff
    chunk[at + 3] = length & 0xff
    chunk.set(head, at + 4)
    chunk.set(tail, at + 4 + head.length)
    this.#used += need
    return index * this.#chunkSize + at
  }

  /** The bytes stored under `locator` (a view, not a copy). */
  get(locator: number): Uint8Array {
    const chunk = this.#chunks[Math.floor(locator / this.#chunkSize)]
    if (chunk === undefined) throw new RangeError(`no item at ${locator}`)
    const at = locator % this.#chunkSize
    const length = (chunk[at] as number) * 0x1000000 + ((chunk[at + 1] as number) << 16) + ((chunk[at + 2] as number) << 8) + (chunk[at + 3] as number)
    return chunk.subarray(at + 4, at + 4 + length)
  }

  /** Bytes reserved by the arena (chunks allocated). */
  get reservedBytes(): number {
    return this.#chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  }
}
