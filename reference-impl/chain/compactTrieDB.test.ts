import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CompactTrieDB } from './compactTrieDB.js'

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

describe('CompactTrieDB', () => {
  it('answers exactly as a Map does through growth, deletions and shallow copies', async () => {
    const db = new CompactTrieDB()
    const copy = db.shallowCopy()
    const expected = new Map<string, string>()
    const keys: string[] = []
    for (let round = 0; round < 20_000; round++) {
      const key = hex(randomBytes(32))
      const value = randomBytes(1 + (round % 600))
      keys.push(key)
      await (round % 2 === 0 ? db : copy).put(key, value)
      expected.set(key, hex(value))
      // Deletes some, so probe runs are shifted back while the table fills and grows.
      if (round % 7 === 3) {
        const gone = keys[Math.floor(keys.length / 2)] as string
        await db.del(gone)
        expected.delete(gone)
      }
    }
    // Keys sharing their first 8 bytes (the probe start and the fingerprint) are still told apart.
    const twin = `${keys[0]?.slice(0, 16)}${'00'.repeat(24)}`
    await db.put(twin, Uint8Array.of(1, 2, 3))
    expected.set(twin, '010203')
    for (const [key, value] of expected) {
      expect(hex((await db.get(key)) ?? new Uint8Array())).toBe(value)
      expect(hex((await copy.get(key)) ?? new Uint8Array())).toBe(value)
    }
    for (const key of keys.filter((key) => !expected.has(key))) expect(await copy.get(key)).toBeUndefined()
    expect(await db.get(hex(randomBytes(32)))).toBeUndefined()
    expect(db.stats().entries).toBe(expected.size)
  })

  it('stores a node once: a second put of the same key keeps the first bytes', async () => {
    const db = new CompactTrieDB()
    const key = hex(randomBytes(32))
    await db.put(key, Uint8Array.of(7))
    await db.put(key, Uint8Array.of(7))
    expect(db.stats().entries).toBe(1)
    expect(await db.get(key)).toEqual(Uint8Array.of(7))
  })

  it('keeps keys that are not 32 bytes too, exactly', async () => {
    const db = new CompactTrieDB()
    await db.batch([
      { type: 'put', key: 'abcd', value: Uint8Array.of(9) },
      { type: 'put', key: hex(randomBytes(32)), value: Uint8Array.of(1) },
    ])
    expect(await db.get('abcd')).toEqual(Uint8Array.of(9))
    await db.batch([{ type: 'del', key: 'abcd' }])
    expect(await db.get('abcd')).toBeUndefined()
  })
})
