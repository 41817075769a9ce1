import { describe, expect, it } from 'vitest'
import { childPointer, pointerOf, refTarget, resolvePointer, tokensOf, valueAt } from './jsonPointer.js'

const document = {
  paths: { '/a~b': { get: { ok: 1 } } },
  list: [{ $ref: '#/defs/x' }],
  defs: { x: { name: 'x', inner: { $ref: '#/defs/y' } }, y: { deep: true }, loop: { $ref: '#/defs/loop' } },
}

describe('jsonPointer', () => {
  it('escapes and unescapes tokens (RFC 6901)', () => {
    expect(pointerOf(['paths', '/a~b', 'get'])).toBe('/paths/~1a~0b/get')
    expect(tokensOf('/paths/~1a~0b/get')).toEqual(['paths', '/a~b', 'get'])
    expect(tokensOf('#/paths/~1a~0b')).toEqual(['paths', '/a~b'])
    expect(tokensOf('#/with%20space')).toEqual(['with space'])
    expect(tokensOf('')).toEqual([])
    expect(tokensOf('nope')).toBeUndefined()
    expect(childPointer('/a', 0, 'b/c')).toBe('/a/0/b~1c')
  })

  it('finds values without following references', () => {
    expect(valueAt(document, '/paths/~1a~0b/get/ok')).toBe(1)
    expect(valueAt(document, '/list/0/name')).toBeUndefined()
    expect(valueAt(document, '/list/01')).toBeUndefined()
    expect(refTarget('#/defs/x')).toBe('/defs/x')
    expect(refTarget('other.json#/defs/x')).toBeUndefined()
  })

  it('resolves through references to the canonical place', () => {
    expect(resolvePointer(document, '/list/0/name')).toEqual({ value: 'x', pointer: '/defs/x/name' })
    expect(resolvePointer(document, '/list/0/inner')).toEqual({ value: { deep: true }, pointer: '/defs/y' })
    expect(resolvePointer(document, '/list/0/missing')).toBeUndefined()
    expect(resolvePointer(document, '/defs/loop')).toBeUndefined()
  })
})
