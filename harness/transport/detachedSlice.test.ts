import { describe, expect, it } from 'vitest'
import { detachedSlice } from './detachedSlice.js'

describe('detachedSlice', () => {
  it('gives the start of a long text, and a short text as it is', () => {
    expect(detachedSlice('abcdef', 3)).toBe('abc')
    expect(detachedSlice('abc', 8)).toBe('abc')
    expect(detachedSlice('é€𝄞x', 4)).toBe('é€𝄞')
  })

  it('turns half a surrogate pair at the cut into U+FFFD rather than a lone surrogate', () => {
    expect(detachedSlice('a𝄞', 2)).toBe('a\uFFFD')
  })
})
