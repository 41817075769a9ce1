import * as fc from 'fast-check'
import { blockNumber } from './blockNumber.js'
import { BLOCK_TAGS, blockTag, type BlockTag } from './blockTag.js'

/**
 * The default block parameter (schema `blockNumberOrTag`; eth_getBlockRange params 1 and 2):
 * a block number in [0, max] or a tag. Shrinks toward block "0x0".
 * @example blockNumberOrTag(10) // "0x7", "latest", "0x0", ...
 */
export function blockNumberOrTag(max: bigint | number, tags: readonly BlockTag[] = BLOCK_TAGS): fc.Arbitrary<string> {
  return fc.oneof(blockNumber(max), blockTag(tags))
}
