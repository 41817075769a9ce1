import type { BatchDBOp, DB } from '@ethereumjs/util'
import { ByteArena } from './byteArena.js'

/**
 * The key/value store under the state trie: node hash -> node bytes, kept in memory for the whole
 * chain (no pruning), so the state of every block stays readable (historical eth_getBalance,
 * eth_call at a block). Keys are stored as 32-character binary strings instead of 64-character hex
 * and values in a ByteArena, which roughly halves the memory per node against the default MapDB.
 *
 * The trie hands keys as unprefixed hex strings (its CheckpointDB layer) and values as bytes.
 */
export class CompactTrieDB implements DB<string, Uint8Array> {
  readonly #index: Map<string, number>
  readonly #arena: ByteArena

  constructor(shared?: { index: Map<string, number>; arena: ByteArena }) {
    this.#index = shared?.index ?? new Map()
    this.#arena = shared?.arena ?? new ByteArena()
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const at = this.#index.get(binaryKey(key))
    return at === undefined ? undefined : this.#arena.get(at)
  }

  async put(key: string, value: Uint8Array): Promise<void> {
    const k = binaryKey(key)
    // Nodes are content-addressed: the same key always holds the same bytes, so store them once.
    if (!this.#index.has(k)) this.#index.set(k, this.#arena.put(value))
  }

  async del(key: string): Promise<void> {
    this.#index.delete(binaryKey(key))
  }

  async batch(ops: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const op of ops) {
      if (op.type === 'put') await this.put(op.key, op.value)
      else await this.del(op.key)
    }
  }

  /** A view of the same store (the trie copies its DB for storage tries and readers). */
  shallowCopy(): CompactTrieDB {
    return new CompactTrieDB({ index: this.#index, arena: this.#arena })
  }

  async open(): Promise<void> {}

  /** Number of stored nodes and the bytes reserved for them. */
  stats(): { entries: number; reservedBytes: number } {
    return { entries: this.#index.size, reservedBytes: this.#arena.reservedBytes }
  }
}

function binaryKey(key: string | Uint8Array): string {
  return typeof key === 'string' ? Buffer.from(key, 'hex').toString('latin1') : Buffer.from(key).toString('latin1')
}
