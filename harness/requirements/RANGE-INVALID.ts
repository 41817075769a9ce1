import { toQuantity } from '../generate/toQuantity.js'
import { requirement } from './requirement.js'
import { checkSpecError } from '../checks/specErrorFindings.js'
import type { CheckDefinition } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import { specName } from '../run/undeclared.js'
import { readHead } from '../scenarios/chainHead.js'
import { RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { specMaxBlockRange } from '../scenarios/specMaxBlockRange.js'
import { limitError } from '../spec/specErrors.js'
import { checkIsError } from '../checks/outcomeFindings.js'

/** RANGE-INVALID: a range that cannot be answered is refused with an error, promptly. */
export const row = requirement({
  id: 'RANGE-INVALID',
  level: 'SHOULD',
  text: 'start after end, an oversized range, a bad param: an error, promptly, never a hang',
  section: '4.2, 7 and 8',
})

/** A range with start after end. */
export const REVERSED_PARAMS = ['0x2', '0x1', false] as const

/**
 * The oversized range: from block 0 to one block more than openrpc.json's `x-limits.maxBlockRange`
 * allows, with full transactions. A node answers it with the error the spec names for that limit
 * (`x-limit-errors`), promptly: one that tries it either hangs past --timeout or runs out of memory.
 */
export function oversizedParams(maxBlockRange: number): [string, string, boolean] {
  return ['0x0', toQuantity(maxBlockRange), true]
}

/** How far past the head the beyond-head range ends: no chain reaches it while the check runs. */
export const BEYOND_HEAD_BLOCKS = 1_000_000

/** The range from the head to BEYOND_HEAD_BLOCKS past it. */
export function beyondHeadParams(head: number): [string, string, boolean] {
  return [toQuantity(head), toQuantity(head + BEYOND_HEAD_BLOCKS), false]
}

/** Params the method's schema refuses, each with what is wrong with it. */
export const MALFORMED_PARAMS: ReadonlyArray<readonly [string, readonly unknown[]]> = [
  ['a quantity with leading zeros', ['0x01', '0x2', false]],
  ['a quantity that is not hex', ['0xZZ', '0x2', false]],
  ['an unknown tag', ['newest', '0x2', false]],
  ['the third param missing', ['0x1', '0x2']],
  ['a non-boolean third param', ['0x1', '0x2', 'yes']],
  ['a fourth param', ['0x1', '0x2', false, 1]],
]

export { checkIsError } from '../checks/outcomeFindings.js'

/** -32602 when openrpc.json lists it among eth_getBlockRange's errors (bad params, a reversed range); otherwise any error. */
const badParamsCodes = (context: RunContext): number[] | undefined =>
  context.openrpc.method(RANGE_METHOD)?.errors.some((e) => e.code === -32602) === true ? [-32602] : undefined

/** RANGE-INVALID's checks: start after end, an oversized range and bad params are refused promptly. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'range.invalid.reversed',
      title: 'start after end is an error (-32602 where openrpc.json names it)',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        probe.add(
          checkIsError(
            await context.http!.call(RANGE_METHOD, [...REVERSED_PARAMS]),
            `${RANGE_METHOD} [${REVERSED_PARAMS[0]}, ${REVERSED_PARAMS[1]}]`,
            badParamsCodes(context),
          ),
        )
      },
    },
    {
      id: 'range.invalid.oversized',
      title: 'a range one block past x-limits.maxBlockRange answers the error openrpc.json names for it, within the time-out',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        const limit = specMaxBlockRange(context.openrpc)
        if (limit === null) return probe.inconclusive(`${specName(context)} states no x-limits.maxBlockRange, so no range is known to be oversized`)
        const params = oversizedParams(limit)
        const expected = limitError(context.openrpc, RANGE_METHOD, 'maxBlockRange')
        const exchange = await context.http!.call(RANGE_METHOD, params)
        const what = `${RANGE_METHOD} [${params[0]}, ${params[1]}] (${limit + 1} blocks, x-limits.maxBlockRange + 1)`
        const refused = checkIsError(exchange, what)
        probe.add(refused.length > 0 || expected === null ? refused : checkSpecError(exchange, what, expected))
      },
    },
    {
      id: 'range.invalid.beyond-head',
      title: 'an end beyond the head is an error (not null, not a short array)',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        const read = await readHead(context)
        if ('finding' in read) return probe.add([read.finding])
        const params = beyondHeadParams(read.head)
        probe.add(
          checkIsError(await context.http!.call(RANGE_METHOD, params), `${RANGE_METHOD} [${params[0]}, ${params[1]}] (the end a million blocks past the head)`),
        )
      },
    },
    {
      id: 'range.invalid.params',
      title: 'malformed params (leading zeros, not hex, a missing or non-boolean flag, too many) are errors (-32602 where openrpc.json names it)',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        for (const [why, params] of MALFORMED_PARAMS)
          probe.add(checkIsError(await context.http!.call(RANGE_METHOD, [...params]), `${RANGE_METHOD} with ${why}`, badParamsCodes(context)))
      },
    },
  ]
}
