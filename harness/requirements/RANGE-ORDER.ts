import { requirement } from './requirement.js'

/** RANGE-ORDER: eth_getBlockRange answers one block per number of [start, end], ascending, both ends inclusive. */
export const row = requirement({
  id: 'RANGE-ORDER',
  level: 'MUST',
  text: 'one block per number in [start, end], ascending, both ends inclusive',
  section: '4.2, rules 1 and 4',
})

/**
 * The widest sub-range of the real chain the generated RANGE-* checks ask for: small, so a default
 * run is quick; --runs raises how many ranges are tried, not how wide they are.
 */
export const MAX_GENERATED_SPAN = 64

export { checkRangeOrder, rangeBlocks } from '../checks/rangeFindings.js'
