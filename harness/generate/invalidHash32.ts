import type * as fc from 'fast-check'
import { invalidFixedBytes } from './invalidFixedBytes.js'

/**
 * Values that are no valid 32-byte hash (pattern `^0x[0-9a-f]{64}$`), to probe -32602 on hash
 * params (eth_getBlockByHash, eth_getTransactionByHash, ...): other byte lengths, 63 or 65 digits,
 * no prefix, a non-hex character, wrong JSON types.
 * @example invalidHash32() // "0x00", "5e77…003a", "0x5e77…00 a", {}, ...
 */
export function invalidHash32(): fc.Arbitrary<unknown> {
  return invalidFixedBytes(32)
}
