import { describe, expect, it } from 'vitest'
import { firstDifference } from './firstDifference.js'

describe('firstDifference', () => {
  it('ignores member order and finds the first differing leaf', () => {
    expect(firstDifference({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBeNull()
    expect(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })).toEqual({ pointer: '/b/1', left: 2, right: 3 })
  })
  it('reports a missing member and a length change', () => {
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toEqual({ pointer: '/b', left: undefined, right: 2 })
    expect(firstDifference([1], [1, 2])).toEqual({ pointer: '/length', left: 1, right: 2 })
  })
  it('reports differences in key order, a member one side lacks at its place in that order', () => {
    expect(firstDifference({ blockHash: '0x1', hash: '0x3' }, { blockHash: '0x2', blockTimestamp: '0x0', hash: '0x3' })?.pointer).toBe('/blockHash')
    expect(firstDifference({ a: 1, c: { d: 1 } }, { a: 1, b: 0, c: { d: 2 } })?.pointer).toBe('/b')
  })
  it('escapes pointer tokens', () => {
    expect(firstDifference({ 'a/b': 1 }, { 'a/b': 2 })?.pointer).toBe('/a~1b')
  })
})

describe('firstDifference on hostile values', () => {
  const nested = (depth: number, leaf: unknown): unknown => {
    let value = leaf
    for (let i = 0; i < depth; i++) value = [value]
    return value
  }
  it('compares values nested 100,000 deep without overflowing the stack', () => {
    expect(firstDifference(nested(100_000, 1), nested(100_000, 1))).toBeNull()
    const difference = firstDifference(nested(100_000, 1), nested(100_000, 2))
    expect(difference?.pointer).toBe(`/${Array(100_000).fill('0').join('/')}`)
  })
  it('treats a __proto__ key as an ordinary member', () => {
    const withProto = JSON.parse('{"__proto__":1,"a":1}') as unknown
    expect(firstDifference(withProto, { a: 1 })).toEqual({ pointer: '/__proto__', left: 1, right: undefined })
    expect(firstDifference(withProto, JSON.parse('{"a":1,"__proto__":1}'))).toBeNull()
  })
  it('keeps the pointer prefix it is given', () => {
    expect(firstDifference({ a: 1 }, { a: 2 }, '/result')?.pointer).toBe('/result/a')
    expect(firstDifference(1, 2, '/result')?.pointer).toBe('/result')
  })
})
