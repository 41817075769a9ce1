import * as fc from 'fast-check'
import { insertAfterPrefix, nonHexChar } from './nonHexChar.js'
import { quantity } from './quantity.js'
import { wrongJsonType } from './wrongJsonType.js'

export interface InvalidQuantityOptions {
  /**
   * Also make values of more than this many bits (default 64: block numbers and nonces decode as
   * uint64). Such a value still matches the unbounded `quantity` pattern, so pass null where only
   * pattern-invalid values will do (deriving from a schema).
   */
  maxBits?: number | null
}

const uint64 = (1n << 64n) - 1n

/**
 * Values that are no valid QUANTITY, to probe a node's -32602 "invalid argument" handling of
 * quantity and block-number params (geth's hexutil messages: leading zero digits, without 0x
 * prefix, hex string "0x", invalid hex string, > 64 bits): leading zeros ("0x01"), no prefix,
 * "0x", non-hex characters, bare JSON numbers, negatives, too many bits, and wrong JSON types.
 * Upper-case digits are left out: lenient decoders accept them.
 * @example invalidQuantity() // "0x01", "3e8", "0x", "0x1g", 7, "-0x1", "0x10000000000000000", true, ...
 */
export function invalidQuantity(options: InvalidQuantityOptions = {}): fc.Arbitrary<unknown> {
  const maxBits = options.maxBits === undefined ? 64 : options.maxBits
  const digits = quantity({ max: uint64 })
  const parts: fc.Arbitrary<unknown>[] = [
    fc.tuple(digits, fc.integer({ min: 1, max: 3 })).map(([q, zeros]) => `0x${'0'.repeat(zeros)}${q.slice(2)}`),
    digits.map((q) => q.slice(2)),
    fc.constantFrom('0x', '', '0x-1', '0x 1', '1.0'),
    fc.tuple(digits, nonHexChar(), fc.nat()).map(([q, char, at]) => insertAfterPrefix(q, char, at)),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    digits.map((q) => `-${q}`),
    fc.integer({ min: -(2 ** 31), max: -1 }),
  ]
  if (maxBits !== null) {
    const floor = 1n << BigInt(maxBits)
    parts.push(quantity({ min: floor, max: floor << 8n }))
  }
  const wrongType = wrongJsonType(['string', 'number'])
  if (wrongType !== null) parts.push(wrongType)
  return fc.oneof(...parts)
}
