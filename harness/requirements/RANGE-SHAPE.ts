import { requirement } from './requirement.js'
import { checkRangeShape } from '../checks/rangeFindings.js'
import { checkResult } from '../checks/outcomeFindings.js'
import type { CheckDefinition, DeclarationScope } from '../run/registry.js'
import { leaveOut, specName } from '../run/undeclared.js'
import { bothForms, overRanges, RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { rangeBlockValidator } from '../scenarios/resultSchemas.js'

/** RANGE-SHAPE: eth_getBlockRange answers an array of block objects, each with every field of 2.1. */
export const row = requirement({
  id: 'RANGE-SHAPE',
  level: 'MUST',
  text: 'eth_getBlockRange returns an array of block objects with every field of 2.1, hex-encoded',
  section: '2.1',
})

export { RANGE_METHOD } from '../scenarios/generatedRanges.js'

export { checkRangeShape, rangeBlocks } from '../checks/rangeFindings.js'
export { checkResult } from '../checks/outcomeFindings.js'

/** RANGE-SHAPE's checks: generated sub-ranges of the real chain, and the spec's example (a spec without one gives that check nothing to judge). */
export function checks(scope: DeclarationScope): CheckDefinition[] {
  const shape: CheckDefinition = {
    id: 'range.shape',
    title: 'an array of block objects with every field of section 2.1, hex-encoded',
    calls: [RANGE_METHOD],
    run: async (probe, context) => {
      const validate = rangeBlockValidator(context.openrpc)
      if (validate === undefined) return probe.inconclusive(`${specName(context)} gives ${RANGE_METHOD}'s result no items schema to judge its blocks by`)
      await overRanges(probe, context, 'range.shape', async (start, end) => {
        const [hashes, full] = await bothForms(probe, context, start, end)
        if (hashes.blocks === undefined) return [hashes.finding!]
        if (full.blocks === undefined) return [full.finding!]
        return [...checkRangeShape(hashes.exchange, hashes.blocks, validate), ...checkRangeShape(full.exchange, full.blocks, validate)]
      })
    },
  }
  if (scope.openrpc.method(RANGE_METHOD)?.examples.length === 0) {
    leaveOut(scope.openrpc, 'range.example', `${specName(scope)} has no example for ${RANGE_METHOD}`)
    return [shape]
  }
  return [
    shape,
    {
      id: 'range.example',
      title: "the spec's example params answer a result valid against the result schema",
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        const method = context.openrpc.method(RANGE_METHOD)!
        for (const example of method.examples) {
          probe.add(
            checkResult(await context.http!.call(RANGE_METHOD, example.params), method.result.validate, `${RANGE_METHOD} example "${example.name}"`).findings,
          )
        }
      },
    },
  ]
}
