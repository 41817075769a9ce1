import type * as fc from 'fast-check'
import { invalidFixedBytes } from './invalidFixedBytes.js'

/**
 * Values that are no valid address (pattern `^0x[0-9a-fA-F]{40}$`), to probe -32602 on address
 * params (eth_getBalance, eth_getCode, ...): 0-19 or 21-40 bytes, 39 or 41 digits, no prefix,
 * a non-hex character, wrong JSON types. A wrong EIP-55 checksum is left out: nodes accept any case.
 * @example invalidAddress() // "0x", "0xf39fd6…22", "f39fd6…2266", "0xf39fz6…", false, ...
 */
export function invalidAddress(): fc.Arbitrary<unknown> {
  return invalidFixedBytes(20)
}
