import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { insertAfterPrefix, nonHexChar } from './nonHexChar.js'

describe('nonHexChar() and insertAfterPrefix()', () => {
  it('makes no hex digit of either case, and inserts it after the prefix', () => {
    fc.assert(
      fc.property(nonHexChar(), fc.nat(), fc.constantFrom('0x', '0x1', '0xabcdef'), (char, at, hex) => {
        const out = insertAfterPrefix(hex, char, at)
        return !/^[0-9a-fA-F]$/.test(char) && out.startsWith('0x') && out.length === hex.length + 1 && out.slice(2).includes(char)
      }),
    )
    expect(insertAfterPrefix('0x12', 'g', 0)).toBe('0xg12')
  })
})
