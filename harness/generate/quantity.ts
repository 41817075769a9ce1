import * as fc from 'fast-check'
import { sharedPatterns } from './sharedPatterns.js'
import { toQuantity } from './toQuantity.js'

/** The widest QUANTITY the JSON-RPC interface carries: a 256-bit word. */
export const MAX_UINT256 = (1n << 256n) - 1n

const quantityRe = new RegExp(sharedPatterns.quantity)

export interface QuantityOptions {
  /** Smallest value (inclusive), default 0. */
  min?: bigint
  /** Largest value (inclusive), default 2^256 - 1. */
  max?: bigint
}

/**
 * A canonical hex QUANTITY (schema `quantity`, pattern `^0x(0|[1-9a-f][0-9a-f]*)$`): lower-case
 * hex digits, no leading zeros, "0x0" for zero. Shrinks toward `min`.
 * @example quantity({ max: 1000n }) // "0x0", "0x3e8", "0x1f", ...
 */
export function quantity(options: QuantityOptions = {}): fc.Arbitrary<string> {
  const min = options.min ?? 0n
  const max = options.max ?? MAX_UINT256
  if (min < 0n || max < min) throw new RangeError(`quantity(): need 0 <= min <= max, got min=${min} max=${max}`)
  return fc.bigInt({ min, max }).map(toQuantity, (value) => {
    // The unmapper lets fast-check shrink a value it did not generate itself (a replayed counterexample).
    if (typeof value !== 'string' || !quantityRe.test(value)) throw new Error('not a canonical QUANTITY')
    return BigInt(value)
  })
}
