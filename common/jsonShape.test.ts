import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonShape, JsonShapeScanner, MAX_JSON_DEPTH, MAX_MEMBER_NAMES, MAX_OBJECT_MEMBERS, REFUSED } from './jsonShape.js'

/** Refused for its nesting: these texts are far too small to be refused for their width. */
const nestedDeeperThan = (bytes: Uint8Array, max?: number): boolean => jsonShape(bytes, max) === REFUSED

describe('the depth bound', () => {
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
  const texts = ['{"a":[1,2],"b":"[,{"}', '{"s":"a\\\\\\"[,b","t":[{"u":"\\\\"},[]]}', `[${'[1,'.repeat(300)}${'2]'.repeat(300)}]`, '"just a string"']

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

  it('counts the openings and commas of any JSON value, whatever its strings hold and wherever the chunks are cut', () => {
    const count = (value: unknown): number => {
      if (Array.isArray(value)) return 1 + Math.max(0, value.length - 1) + value.reduce<number>((sum, item) => sum + count(item), 0)
      if (value !== null && typeof value === 'object') {
        const items = Object.values(value)
        return 1 + Math.max(0, items.length - 1) + items.reduce<number>((sum, item) => sum + count(item), 0)
      }
      return 0
    }
    const text = fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value))
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (json, size) => {
        const bytes = Buffer.from(json)
        const scanner = new JsonShapeScanner()
        for (let start = 0; start < bytes.length; start += size) scanner.scan(bytes.subarray(start, start + size))
        expect(scanner.shape).toBe(count(JSON.parse(json)))
      }),
      { numRuns: 300, seed: 8 },
    )
  })

  it('keeps an escape that ends a chunk for the next chunk', () => {
    const scanner = new JsonShapeScanner()
    for (const chunk of ['["a\\', '"[,', '",1]']) scanner.scan(Buffer.from(chunk))
    expect(scanner.shape).toBe(2)
  })

  it('says REFUSED once the nesting passes the bound, and ignores what follows', () => {
    const scanner = new JsonShapeScanner(2)
    expect(scanner.scan(Buffer.from('[['))).toBe(true)
    expect(scanner.scan(Buffer.from('['))).toBe(false)
    expect(scanner.scan(Buffer.from(']]]'))).toBe(false)
    expect(scanner.shape).toBe(REFUSED)
  })
})

describe('the width bounds: objects and distinct member names', () => {
  const object = (members: number, from = 0): string => `{${Array.from({ length: members }, (_, index) => `"k${from + index}":${index}`).join(',')}}`

  it(`refuses an object of more than ${MAX_OBJECT_MEMBERS} members, counting names only, not elements of arrays or strings`, () => {
    expect(jsonShape(Buffer.from(object(MAX_OBJECT_MEMBERS)))).not.toBe(REFUSED)
    const scanner = new JsonShapeScanner()
    scanner.scan(Buffer.from(object(MAX_OBJECT_MEMBERS + 1)))
    expect(scanner.shape).toBe(REFUSED)
    expect(scanner.refusal).toBe('has an object of more than 1,000 members (MAX_OBJECT_MEMBERS)')
    // An array of many elements, a string of many commas, and members spread over sibling objects are fine.
    expect(jsonShape(Buffer.from(`[${Array.from({ length: 5000 }, (_, index) => index).join(',')}]`))).toBe(5000)
    expect(jsonShape(Buffer.from(`{"s":"${'"a":1,'.repeat(5000).replaceAll('"', '\\"')}"}`))).toBe(1)
    expect(jsonShape(Buffer.from(`[${Array.from({ length: 50 }, () => object(900)).join(',')}]`))).not.toBe(REFUSED)
  })

  it('counts the members of each object apart, nested objects included', () => {
    // 600 members, an inner object of 600, then 399 more (1,000 in all): no object passes 1,000 until the outer one does.
    const outer = `{${object(600).slice(1, -1)},"inner":${object(600)},${object(399, 600).slice(1, -1)}}`
    expect(jsonShape(Buffer.from(outer))).not.toBe(REFUSED)
    const wider = `{${object(600).slice(1, -1)},"inner":${object(600)},${object(400, 600).slice(1, -1)}}`
    expect(jsonShape(Buffer.from(wider))).toBe(REFUSED)
  })

  it(`refuses more than ${MAX_MEMBER_NAMES} distinct member names; repeated names cost nothing`, () => {
    const names = (distinct: number): Buffer => Buffer.from(`[${Array.from({ length: distinct / 10 }, (_, index) => object(10, index * 10)).join(',')}]`)
    expect(jsonShape(names(MAX_MEMBER_NAMES))).not.toBe(REFUSED)
    const scanner = new JsonShapeScanner()
    scanner.scan(names(MAX_MEMBER_NAMES + 10))
    expect(scanner.refusal).toBe('uses more than 10,000 distinct member names (MAX_MEMBER_NAMES)')
    const blocks = Buffer.from(JSON.stringify(Array.from({ length: 20_000 }, (_, number) => ({ number, hash: '0x00', parentHash: '0x00', transactions: [] }))))
    expect(jsonShape(blocks)).toBe(1 + 20_000 * 2 + 19_999 + 20_000 * 3)
  })

  it('tells names apart by their bytes as written, escapes included, wherever the chunks are cut', () => {
    const text = `[${Array.from({ length: MAX_MEMBER_NAMES + 1 }, (_, index) => `{"\\"${index}":1}`).join(',')}]`
    for (const size of [1, 3, 4096]) {
      const scanner = new JsonShapeScanner()
      const bytes = Buffer.from(text)
      for (let start = 0; start < bytes.length; start += size) scanner.scan(bytes.subarray(start, start + size))
      expect(scanner.shape, `chunks of ${size}`).toBe(REFUSED)
    }
    // The same names escaped differently are told apart only by what follows the escape.
    const same = `[${Array.from({ length: MAX_MEMBER_NAMES + 1 }, () => '{"\\"a":1}').join(',')}]`
    expect(jsonShape(Buffer.from(same))).not.toBe(REFUSED)
  })
})
