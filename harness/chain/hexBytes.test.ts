import { bigIntToUnpaddedBytes, bytesToHex, hexToBytes as ethHexToBytes } from '@ethereumjs/util'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { hexOf, hexToBytes, unpaddedBytes } from './hexBytes.js'

describe('hexBytes', () => {
  test('gives what @ethereumjs/util gives, for any bytes and any non-negative integer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (bytes, value) => {
        const hex = bytesToHex(bytes)
        expect(hexOf(bytes)).toBe(hex)
        expect(hexToBytes(hex)).toEqual(ethHexToBytes(hex as `0x${string}`))
        expect(unpaddedBytes(value)).toEqual(bigIntToUnpaddedBytes(value))
      }),
    )
  })

  test('encodes 0 as no bytes and keeps upper-case hex readable', () => {
    expect(unpaddedBytes(0n)).toEqual(new Uint8Array())
    expect(unpaddedBytes(0x1ffn)).toEqual(Uint8Array.from([1, 0xff]))
    expect(hexToBytes('0xABcd')).toEqual(Uint8Array.from([0xab, 0xcd]))
  })
})
