import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, nestedDeeperThan } from './jsonDepth.js'

describe('nestedDeeperThan', () => {
  it('measures the nesting of arrays and objects, not of brackets inside strings', () => {
    expect(nestedDeeperThan(Buffer.from('[[{"a":[1]}]]'), 4)).toBe(false)
    expect(nestedDeeperThan(Buffer.from('[[{"a":[[1]]}]]'), 4)).toBe(true)
    expect(nestedDeeperThan(Buffer.from(`{"s":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`), 2)).toBe(false)
  })

  it('refuses 100,000 levels in one pass, without recursion; a JSON-RPC block is far from the bound', () => {
    const deep = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    expect(nestedDeeperThan(deep)).toBe(true)
    const block = { jsonrpc: '2.0', id: 1, result: [{ transactions: [{ accessList: [{ storageKeys: ['0x0'] }] }] }] }
    expect(nestedDeeperThan(Buffer.from(JSON.stringify(block)))).toBe(false)
    expect(nestedDeeperThan(Buffer.from(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`))).toBe(false)
    expect(nestedDeeperThan(Buffer.from(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`))).toBe(true)
  })
})
