import type * as fc from 'fast-check'
import { data } from './data.js'

/**
 * A 32-byte hash as DATA (schema `hash32`, pattern `^0x[0-9a-f]{64}$`): block and transaction hashes.
 * Shrinks toward the zero hash.
 * @example hash32() // "0x00…00", "0x5e77a045…"
 */
export function hash32(): fc.Arbitrary<string> {
  return data({ minLength: 32, maxLength: 32 })
}
