import { describe, expect, it } from 'vitest'
import { sameJson } from './sameJson.js'

describe('sameJson', () => {
  it('compares JSON values by content, objects whatever their key order', () => {
    expect(sameJson({ a: [1, '0x2', null], b: { c: true } }, { b: { c: true }, a: [1, '0x2', null] })).toBe(true)
    expect(sameJson([1, 2], [2, 1])).toBe(false)
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false)
    expect(sameJson([], {})).toBe(false)
    expect(sameJson('1', 1)).toBe(false)
    expect(sameJson(null, {})).toBe(false)
  })
})
