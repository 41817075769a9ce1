import { toQuantity } from '../generate/toQuantity.js'
import { requirement } from './requirement.js'

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
