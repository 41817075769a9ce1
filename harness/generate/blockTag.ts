import * as fc from 'fast-check'

/** The block tags of the interface document (section 4.2, rule 2): schema `blockTag`. */
export const BLOCK_TAGS = ['earliest', 'latest', 'pending'] as const

/** Every tag a default block parameter may carry; safe/finalized only on standard methods. */
export type BlockTag = (typeof BLOCK_TAGS)[number] | 'safe' | 'finalized'

/**
 * A block tag of the default block parameter (schema `blockTag`: earliest, latest, pending).
 * Pass `tags` to add "safe"/"finalized" where a standard method's schema allows them.
 * @example blockTag() // "earliest" | "latest" | "pending"
 */
export function blockTag(tags: readonly BlockTag[] = BLOCK_TAGS): fc.Arbitrary<BlockTag> {
  if (tags.length === 0) throw new RangeError('blockTag(): need at least one tag')
  return fc.constantFrom(...tags)
}
