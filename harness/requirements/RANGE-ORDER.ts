import { requirement } from './requirement.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { CheckDefinition } from '../run/registry.js'
import { fetchRange, overRanges, RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { checkRangeOrder } from '../checks/rangeFindings.js'

/** RANGE-ORDER: eth_getBlockRange answers one block per number of [start, end], ascending, both ends inclusive. */
export const row = requirement({
  id: 'RANGE-ORDER',
  level: 'MUST',
  text: 'one block per number in [start, end], ascending, both ends inclusive',
  section: '4.2, rules 1 and 4',
})

export { MAX_GENERATED_SPAN } from '../scenarios/generatedRanges.js'

export { checkRangeOrder, rangeBlocks } from '../checks/rangeFindings.js'

/** RANGE-ORDER's check, over generated sub-ranges of the real chain (a spec that does not describe eth_getBlockRange declares none). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'range.order',
      title: 'one block per number in [start, end], ascending, both ends inclusive',
      calls: [RANGE_METHOD],
      run: async (probe, context) =>
        overRanges(probe, context, 'range.order', async (start, end) => {
          const got = await fetchRange(context, toQuantity(start), toQuantity(end), false)
          return got.blocks === undefined ? [got.finding!] : checkRangeOrder(got.exchange, got.blocks, start, end)
        }),
    },
  ]
}
