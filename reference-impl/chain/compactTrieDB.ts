import type { BatchDBOp, DB } from '@ethereumjs/util'
import { ByteArena } from './byteArena.js'

const KEY_BYTES = 32
const EMPTY = 0
const INITIAL_SLOTS = 1 << 12
const MAX_LOCATOR = 0xffff_ffff

/**
 * The table of a CompactTrieDB, shared by its shallow copies: open addressing with linear probing
 * over typed arrays. A slot holds the locator (+1; 0 is empty) of an arena entry whose first 32
 * bytes are the key and the rest the node, and a fingerprint of the key (its bytes 4..7), so a probe
 * reads the arena only for a likely match. Per node that is the 32-byte key and about 12 bytes of
 * table (two 4-byte arrays, at most three quarters full), against about 90 bytes of heap for a Map entry keyed by a 32-character string, which at a
 * million trie nodes (100,000 blocks) is the difference between about 50 MB and 90 MB.
 */
class NodeTable {
  readonly arena = new ByteArena()
  slots = new Uint32Array(INITIAL_SLOTS)
  tags = new Uint32Array(INITIAL_SLOTS)
  size = 0
  /** Keys that are not 32 bytes (the trie uses none; kept exact all the same). */
  readonly others = new Map<string, Uint8Array>()

  /** The slot holding `key`, or -1. */
  find(key: Uint8Array): number {
    const mask = this.slots.length - 1
    const tag = tagOf(key)
    for (let slot = homeOf(key) & mask; ; slot = (slot + 1) & mask) {
      const locator = this.slots[slot] as number
      if (locator === EMPTY) return -1
      if (this.tags[slot] === tag && sameKey(this.arena.get(locator - 1), key)) return slot
    }
  }

  value(slot: number): Uint8Array {
    return this.arena.get((this.slots[slot] as number) - 1).subarray(KEY_BYTES)
  }

  insert(key: Uint8Array, value: Uint8Array): void {
    if ((this.size + 1) * 4 > this.slots.length * 3) this.#grow()
    const locator = this.arena.putPair(key, value) + 1
    // Four bytes a slot: the arena's offsets fit 32 bits up to 4 GiB of nodes (some 20 million blocks).
    if (locator > MAX_LOCATOR) throw new RangeError('the state trie store is full (4 GiB of nodes)')
    this.#place(locator, tagOf(key), homeOf(key))
    this.size++
  }

  /** Removes the entry in `slot`, shifting later entries of its probe run back (no tombstones). */
  remove(slot: number): void {
    const mask = this.slots.length - 1
    let hole = slot
    for (let next = (hole + 1) & mask; this.slots[next] !== EMPTY; next = (next + 1) & mask) {
      const home = homeOf(this.arena.get((this.slots[next] as number) - 1)) & mask
      // The entry at `next` may move into the hole only if its home is not between the hole and it.
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next
      if (stays) continue
      this.slots[hole] = this.slots[next] as number
      this.tags[hole] = this.tags[next] as number
      hole = next
    }
    this.slots[hole] = EMPTY
    this.tags[hole] = 0
    this.size--
  }

  get reservedBytes(): number {
    return this.arena.reservedBytes + this.slots.byteLength + this.tags.byteLength
  }

  #place(locator: number, tag: number, home: number): void {
    const mask = this.slots.length - 1
    let slot = home & mask
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask
    this.slots[slot] = locator
    this.tags[slot] = tag
  }

  #grow(): void {
    const slots = this.slots
    const tags = this.tags
    this.slots = new Uint32Array(slots.length * 2)
    this.tags = new Uint32Array(slots.length * 2)
    for (let slot = 0; slot < slots.length; slot++) {
      const locator = slots[slot] as number
      if (locator !== EMPTY) this.#place(locator, tags[slot] as number, homeOf(this.arena.get(locator - 1)))
    }
  }
}

/**
 * The key/value store under the state trie: node hash -> node bytes, kept in memory for the whole
 * chain (no pruning), so the state of every block stays readable (historical eth_getBalance,
 * eth_call at a block). Keys and nodes are packed together in a ByteArena and found through a
 * typed-array hash table (NodeTable), not a Map of strings: the node's memory is its bytes.
 *
 * The trie hands keys as unprefixed hex strings (its CheckpointDB layer) and values as bytes.
 */
export class CompactTrieDB implements DB<string, Uint8Array> {
  readonly #table: NodeTable

  constructor(shared?: NodeTable) {
    this.#table = shared ?? new NodeTable()
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const bytes = keyBytes(key)
    if (bytes.length !== KEY_BYTES) return this.#table.others.get(key)
    const slot = this.#table.find(bytes)
    return slot < 0 ? undefined : this.#table.value(slot)
  }

  async put(key: string, value: Uint8Array): Promise<void> {
    const bytes = keyBytes(key)
    if (bytes.length !== KEY_BYTES) {
      this.#table.others.set(key, Uint8Array.from(value))
      return
    }
    // Nodes are content-addressed: the same key always holds the same bytes, so store them once.
    if (this.#table.find(bytes) < 0) this.#table.insert(bytes, value)
  }

  async del(key: string): Promise<void> {
    const bytes = keyBytes(key)
    if (bytes.length !== KEY_BYTES) {
      this.#table.others.delete(key)
      return
    }
    const slot = this.#table.find(bytes)
    if (slot >= 0) this.#table.remove(slot)
  }

  async batch(ops: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const op of ops) {
      if (op.type === 'put') await this.put(op.key, op.value)
      else await this.del(op.key)
    }
  }

  /** A view of the same store (the trie copies its DB for storage tries and readers). */
  shallowCopy(): CompactTrieDB {
    return new CompactTrieDB(this.#table)
  }

  async open(): Promise<void> {}

  /** Number of stored nodes and the bytes reserved for them (arena and table). */
  stats(): { entries: number; reservedBytes: number } {
    return { entries: this.#table.size + this.#table.others.size, reservedBytes: this.#table.reservedBytes }
  }
}

function keyBytes(key: string | Uint8Array): Uint8Array {
  return typeof key === 'string' ? Buffer.from(key, 'hex') : key
}

/** Where a key's probe starts (its first four bytes; keys are hashes, so uniformly spread). */
function homeOf(key: Uint8Array): number {
  return ((key[0] as number) << 24) | ((key[1] as number) << 16) | ((key[2] as number) << 8) | (key[3] as number)
}

function tagOf(key: Uint8Array): number {
  return (((key[4] as number) << 24) | ((key[5] as number) << 16) | ((key[6] as number) << 8) | (key[7] as number)) >>> 0
}

function sameKey(entry: Uint8Array, key: Uint8Array): boolean {
  for (let index = 0; index < KEY_BYTES; index++) if (entry[index] !== key[index]) return false
  return true
}
