import { defineSuite } from '../harness/run/registry.js'
import { checkTagRange, tagCases } from '../harness/requirements/RANGE-TAGS.js'
import { readHead } from '../harness/scenarios/chainHead.js'
import { fetchRange, RANGE_METHOD } from '../harness/scenarios/generatedRanges.js'
import { whenDescribed } from './support/whenDescribed.js'

// Every check here calls eth_getBlockRange: a spec that does not describe it declares none of them.
export default defineSuite('range', (declare, scope) => {
  const check = whenDescribed(declare, scope, [RANGE_METHOD])
  // RANGE-TAGS: earliest, latest, pending and hex numbers for start and end
  check(
    { id: 'range.tags', requirement: 'RANGE-TAGS', title: 'earliest, latest and pending are resolved to block numbers, then the range walked ascending' },
    {},
    async (probe, context) => {
      const read = await readHead(context)
      if ('finding' in read) return probe.add([read.finding])
      // The cases side by side: each is judged within the head read before them all and the head read after its own answer.
      const answered = await Promise.all(
        tagCases(read.head).map(async (tagCase) => {
          const got = await fetchRange(context, tagCase.params[0], tagCase.params[1], false)
          const after = await readHead(context)
          return { tagCase, got, after }
        }),
      )
      for (const { tagCase, got, after } of answered) {
        if (got.blocks === undefined) {
          probe.add([got.finding!])
          continue
        }
        probe.add(checkTagRange(got.exchange, got.blocks, tagCase, { from: BigInt(read.head), to: BigInt('head' in after ? after.head : read.head) }))
      }
    },
  )
})
