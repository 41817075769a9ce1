import { describe, expect, it } from 'vitest'
import { HashIndex } from './hashIndex.js'

/** A 32-byte "hash" whose first 8 bytes are `prefix` (big-endian) and the rest `rest`. */
function hash(prefix: bigint, rest = 0): Uint8Array {
  const bytes = new Uint8Array(32).fill(rest)
  new DataView(bytes.buffer).setBigUint64(0, prefix)
  return bytes
}

describe('HashIndex', () => {
  it('finds every value by its hash, across growths of the table', () => {
    const index = new HashIndex()
    const count = 20_000
    for (let value = 0; value < count; value++) index.set(hash((BigInt(value) * 0x9e3779b97f4a7c15n) & 0xffff_ffff_ffff_ffffn), value)
    expect(index.size).toBe(count)
    for (let value = 0; value < count; value += 97) {
      expect(index.candidates(hash((BigInt(value) * 0x9e3779b97f4a7c15n) & 0xffff_ffff_ffff_ffffn))).toEqual([value])
    }
    expect(index.candidates(hash(0x1234_5678_9abc_def0n))).toEqual([])
  })

  it('answers every value under hashes that share the first 8 bytes, and none under another tail of the same head', () => {
    const index = new HashIndex()
    index.set(hash(0xaabb_ccdd_0000_0001n, 1), 5)
    index.set(hash(0xaabb_ccdd_0000_0001n, 2), 9)
    index.set(hash(0xaabb_ccdd_0000_0002n, 1), 11)
    expect(index.candidates(hash(0xaabb_ccdd_0000_0001n, 3))).toEqual([5, 9])
    expect(index.candidates(hash(0xaabb_ccdd_0000_0002n))).toEqual([11])
    expect(index.candidates(hash(0xaabb_ccdd_0000_0003n))).toEqual([])
  })
})
