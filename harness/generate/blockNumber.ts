import type * as fc from 'fast-check'
import { quantity } from './quantity.js'

/**
 * A block number as the default block parameter carries it: a QUANTITY within [0, max]
 * (e.g. max = the target's head, so the block exists). Shrinks toward block 0.
 * @example blockNumber(100) // "0x0", "0x64", "0x2a", ...
 */
export function blockNumber(max: bigint | number): fc.Arbitrary<string> {
  return quantity({ min: 0n, max: BigInt(max) })
}
