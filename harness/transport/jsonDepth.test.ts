import { describe, expect, it } from 'vitest'
import { jsonShape, JsonShapeScanner, MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP } from './jsonDepth.js'

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

describe('JsonShapeScanner', () => {
  const texts = [
    '{"a":[1,2],"b":"[,{"}',
    '{"s":"a\\\\\\"[,b","t":[{"u":"\\\\"},[]]}',
    `[${'[1,'.repeat(300)}${'2]'.repeat(300)}]`,
    '"just a string"',
  ]

  it('gives, chunk by chunk, what jsonShape gives over the whole text, wherever the chunks are cut', () => {
    for (const text of texts) {
      const bytes = Buffer.from(text)
      for (let size = 1; size <= 7; size++) {
        const scanner = new JsonShapeScanner()
        for (let start = 0; start < bytes.length; start += size) scanner.scan(bytes.subarray(start, start + size))
        expect(scanner.shape, `${text} in chunks of ${size}`).toBe(jsonShape(bytes))
      }
    }
  })

  it('keeps an escape that ends a chunk for the next chunk', () => {
    const scanner = new JsonShapeScanner()
    for (const chunk of ['["a\\', '"[,', '",1]']) scanner.scan(Buffer.from(chunk))
    expect(scanner.shape).toBe(2)
  })

  it('says TOO_DEEP once the nesting passes the bound, and ignores what follows', () => {
    const scanner = new JsonShapeScanner(2)
    expect(scanner.scan(Buffer.from('[['))).toBe(true)
    expect(scanner.scan(Buffer.from('['))).toBe(false)
    expect(scanner.scan(Buffer.from(']]]'))).toBe(false)
    expect(scanner.shape).toBe(TOO_DEEP)
  })
})
