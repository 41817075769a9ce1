/**
 * Hash -> block number, for block and transaction look-ups by hash. Keyed by the first 8 bytes of
 * the hash (a short string is a third of the memory of the full hex key); the caller confirms the
 * full hash on the candidates, so a prefix collision costs one more comparison, never a wrong answer.
 */
export class HashIndex {
  readonly #map = new Map<string, number | number[]>()

  set(hash: Uint8Array, value: number): void {
    const key = prefixKey(hash)
    const existing = this.#map.get(key)
    if (existing === undefined) this.#map.set(key, value)
    else if (typeof existing === 'number') this.#map.set(key, [existing, value])
    else existing.push(value)
  }

  /** The values stored under hashes that share `hash`'s prefix (usually zero or one). */
  candidates(hash: Uint8Array): readonly number[] {
    const found = this.#map.get(prefixKey(hash))
    return found === undefined ? [] : typeof found === 'number' ? [found] : found
  }

  get size(): number {
    return this.#map.size
  }
}

function prefixKey(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, Math.min(8, hash.byteLength)).toString('latin1')
}
