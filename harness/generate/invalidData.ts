import * as fc from 'fast-check'
import { data } from './data.js'
import { insertAfterPrefix, nonHexChar } from './nonHexChar.js'
import { wrongJsonType } from './wrongJsonType.js'

/**
 * Values that are no valid DATA (pattern `^0x([0-9a-f]{2})*$`), to probe -32602 on bytes params
 * (geth: "hex string of odd length", "without 0x prefix", "invalid hex string"): an odd number of
 * digits, no prefix, non-hex characters, and wrong JSON types.
 * @example invalidData() // "0x1", "00ff", "0xde z", 12, [], ...
 */
export function invalidData(): fc.Arbitrary<unknown> {
  const bytes = data({ maxLength: 32 })
  return fc.oneof(
    fc.tuple(bytes, fc.constantFrom('0', '7', 'f')).map(([d, digit]) => d + digit),
    data({ minLength: 1, maxLength: 32 }).map((d) => d.slice(2)),
    fc.tuple(bytes, nonHexChar(), fc.nat()).map(([d, char, at]) => insertAfterPrefix(d, char, at)),
    wrongJsonType(['string']) ?? fc.constant(0),
  )
}
