import { blockNumberArgument } from './blockArguments.js'
import { invalidArgument } from './invalidParams.js'

/**
 * A bound of eth_getBlockRange (interface section 4.2: "QUANTITY or TAG (integer or string)"): a
 * plain JSON integer, or what the default block parameter accepts (a tag or a hex quantity). The
 * standard methods keep geth's reading, where a bare JSON number has no 0x prefix and is refused.
 */
export function rangeBoundArgument(value: unknown, index: number): ReturnType<typeof blockNumberArgument> {
  if (typeof value !== 'number') return blockNumberArgument(value, index)
  // Past 2^53 a JSON number no longer names one integer: the block it means is not known.
  if (!Number.isSafeInteger(value) || value < 0) throw invalidArgument(index, `${value} is not a block number (a non-negative integer up to 2^53 - 1)`)
  return { number: BigInt(value) }
}
