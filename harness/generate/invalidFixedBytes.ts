import { bytesToHex } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { data } from './data.js'
import { nonHexChar } from './nonHexChar.js'
import { wrongJsonType } from './wrongJsonType.js'

/**
 * Values that are no valid fixed-length DATA of `length` bytes (addresses: 20, hashes: 32), to
 * probe -32602 (geth: "hex string has length 38, want 40 for common.Address"): another byte
 * length, an odd number of digits, no prefix, a non-hex character in place of a digit, and
 * wrong JSON types. All fail `^0x[0-9a-fA-F]{2*length}$`.
 */
export function invalidFixedBytes(length: number): fc.Arbitrary<unknown> {
  const exact = data({ minLength: length, maxLength: length })
  const otherLength = fc
    .uint8Array({ minLength: 0, maxLength: 2 * length })
    .filter((bytes) => bytes.length !== length)
    .map(bytesToHex)
  return fc.oneof(
    otherLength,
    fc.tuple(exact, fc.boolean()).map(([hex, shorter]) => (shorter ? hex.slice(0, -1) : `${hex}0`)),
    exact.map((hex) => hex.slice(2)),
    fc.tuple(exact, nonHexChar(), fc.nat()).map(([hex, char, at]) => {
      const position = 2 + (at % (2 * length))
      return hex.slice(0, position) + char + hex.slice(position + 1)
    }),
    wrongJsonType(['string']) ?? fc.constant(0),
  )
}
