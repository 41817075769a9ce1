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
  it('escapes pointer tokens', () => {
    expect(firstDifference({ 'a/b': 1 }, { 'a/b': 2 })?.pointer).toBe('/a~1b')
  })
})
