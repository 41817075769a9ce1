const INITIAL_SLOTS = 1 << 12
const EMPTY = 0

/**
 * Hash -> block number, for block and transaction look-ups by hash. An open-addressing table over
 * three typed arrays (linear probing, at most three quarters full): a slot holds the value (+1; 0 is
 * empty) and the hash's first 8 bytes, whose first 4 also choose where the probe starts. Some 16 to
 * 32 bytes an entry, against about 60 of heap for a Map entry keyed by a short string (two entries a
 * block: 7 MB less at 100,000 blocks). Only the first 8 bytes are compared, so the caller confirms
 * the full hash on the candidates: a collision costs one more comparison, never a wrong answer.
 */
export class HashIndex {
  #values = new Uint32Array(INITIAL_SLOTS)
  #heads = new Uint32Array(INITIAL_SLOTS)
  #tags = new Uint32Array(INITIAL_SLOTS)
  #size = 0

  set(hash: Uint8Array, value: number): void {
    if ((this.#size + 1) * 4 > this.#values.length * 3) this.#grow()
    this.#place(value + 1, headOf(hash), tagOf(hash))
    this.#size++
  }

  /** The values stored under hashes that share `hash`'s compared bytes (usually zero or one). */
  candidates(hash: Uint8Array): readonly number[] {
    const found: number[] = []
    const mask = this.#values.length - 1
    const head = headOf(hash)
    const tag = tagOf(hash)
    for (let slot = head & mask; this.#values[slot] !== EMPTY; slot = (slot + 1) & mask) {
      if (this.#heads[slot] === head && this.#tags[slot] === tag) found.push((this.#values[slot] as number) - 1)
    }
    return found
  }

  get size(): number {
    return this.#size
  }

  /** Puts an entry in the first empty slot of its probe run, which starts at its head. */
  #place(stored: number, head: number, tag: number): void {
    const mask = this.#values.length - 1
    let slot = head & mask
    while (this.#values[slot] !== EMPTY) slot = (slot + 1) & mask
    this.#values[slot] = stored
    this.#heads[slot] = head
    this.#tags[slot] = tag
  }

  /** Doubles the table: every entry is placed again, from the head it keeps. */
  #grow(): void {
    const [values, heads, tags] = [this.#values, this.#heads, this.#tags]
    this.#values = new Uint32Array(values.length * 2)
    this.#heads = new Uint32Array(values.length * 2)
    this.#tags = new Uint32Array(values.length * 2)
    for (let slot = 0; slot < values.length; slot++) {
      const stored = values[slot] as number
      if (stored !== EMPTY) this.#place(stored, heads[slot] as number, tags[slot] as number)
    }
  }
}

/** A hash's bytes 0..3, which also choose where its probe starts (hashes are uniformly spread). */
function headOf(hash: Uint8Array): number {
  return (((hash[0] as number) << 24) | ((hash[1] as number) << 16) | ((hash[2] as number) << 8) | (hash[3] as number)) >>> 0
}

/** A hash's bytes 4..7. */
function tagOf(hash: Uint8Array): number {
  return (((hash[4] as number) << 24) | ((hash[5] as number) << 16) | ((hash[6] as number) << 8) | (hash[7] as number)) >>> 0
}
