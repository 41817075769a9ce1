import { boundedJson, boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { firstDifference } from '../checks/firstDifference.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { isBlock } from '../checks/rangeFindings.js'
import { batchedCalls } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import { RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { requirement } from './requirement.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { CheckDefinition } from '../run/registry.js'
import { fetchRange, overRanges } from '../scenarios/generatedRanges.js'
import { noteUnbatched } from '../scenarios/noteUnbatched.js'

/** RANGE-CONSISTENT: a block of a range is the block the standard methods return for its number and hash. */
export const row = requirement({
  id: 'RANGE-CONSISTENT',
  level: 'MUST',
  text: 'each block equals what the standard block-by-number and block-by-hash methods return',
  section: '2.1 and 4.2',
})

/** How many blocks of each generated range are looked up again by number and by hash (two calls each). */
export const BLOCKS_COMPARED = 8

/** The standard methods a block of a range is compared with, and the field of the block each is asked for. */
export const LOOKUPS = [
  ['eth_getBlockByNumber', 'number'],
  ['eth_getBlockByHash', 'hash'],
] as const

/** Element `index` of a range answer is a block object (the other judges of the range say what is wrong inside it). */
export function checkRangeElement(rangeExchange: Exchange, element: unknown, index: number): Finding[] {
  if (isBlock(element)) return []
  return [
    {
      kind: 'schema-violation',
      message: `element ${index} of ${RANGE_METHOD} is ${boundedJson(element, 60)}, not a block`,
      pointer: `/result/${index}`,
      exchange: rangeExchange,
    },
  ]
}

/**
 * The block a range answered equals what `method` answered for it (compared as JSON, with the first
 * difference as the finding); an error or a broken answer differs too.
 */
export function checkSameBlock(block: Record<string, unknown>, method: string, lookup: Exchange): Finding[] {
  const outcome = outcomeOf(lookup)
  const other = outcome.kind === 'result' ? outcome.value : outcome
  const difference = firstDifference(block, other)
  if (difference === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `block ${boundedText(block.number, 40)} from ${RANGE_METHOD} differs from ${method} at ${difference.pointer}: ${boundedJson(difference.left, 70)} vs ${boundedJson(difference.right, 70)}`,
      exchange: lookup,
      pointer: `/result${difference.pointer === '/' ? '' : difference.pointer}`,
    },
  ]
}

/**
 * RANGE-CONSISTENT over one range answer: its first BLOCKS_COMPARED elements, each a block, each
 * equal to what the LOOKUPS answer for its number and its hash; the first finding in the range's
 * order (an element that is not a block, then the first lookup that differs). The lookups are
 * independent reads of sealed blocks, made in one batch (batchedCalls: a call the batch does not
 * answer is asked alone); a lookup whose item differs is asked again alone and that answer is judged,
 * so a finding is always the node's answer to the call by itself. `asked`: how many lookups;
 * `unbatched`: how many were asked alone because the batch did not answer them, and why (null when it answered all).
 * @example await checkRangeAgainstLookups(http, rangeExchange, blocks) // [] when every block agrees
 */
export async function checkRangeAgainstLookups(
  http: HttpTransport,
  rangeExchange: Exchange,
  elements: readonly unknown[],
): Promise<{ findings: Finding[]; asked: number; unbatched: { count: number; why: string } | null }> {
  const compared = elements.slice(0, BLOCKS_COMPARED)
  const notBlockAt = compared.findIndex((element, i) => checkRangeElement(rangeExchange, element, i).length > 0)
  const blocks = (notBlockAt < 0 ? compared : compared.slice(0, notBlockAt)) as Array<Record<string, unknown>>
  const calls = blocks.flatMap((block) => LOOKUPS.map(([method, field]) => ({ method, params: [block[field], false] })))
  const { exchanges, inBatch, unbatched } = await batchedCalls(http, calls)
  for (const [i, block] of blocks.entries()) {
    for (const [j, [method]] of LOOKUPS.entries()) {
      const at = i * LOOKUPS.length + j
      if (checkSameBlock(block, method, exchanges[at]!).length === 0) continue
      const alone = inBatch[at] === true ? await http.call(method, calls[at]!.params) : exchanges[at]!
      const differs = checkSameBlock(block, method, alone)
      if (differs.length > 0) return { findings: differs, asked: calls.length, unbatched }
    }
  }
  return { findings: notBlockAt < 0 ? [] : checkRangeElement(rangeExchange, compared[notBlockAt], notBlockAt), asked: calls.length, unbatched }
}

/** RANGE-CONSISTENT's check, over generated sub-ranges of the real chain. */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'range.consistent',
      title: 'each block equals what eth_getBlockByNumber and eth_getBlockByHash return',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        // Each range's lookups go in one batch (checkRangeAgainstLookups); what the batches left unanswered is said once.
        await overRanges(probe, context, 'range.consistent', async (start, end) => {
          const got = await fetchRange(context, toQuantity(start), toQuantity(end), false)
          if (got.blocks === undefined) return [got.finding!]
          const judged = await checkRangeAgainstLookups(context.http!, got.exchange, got.blocks)
          noteUnbatched(probe, "a range's lookups", judged.asked, judged.unbatched)
          return judged.findings
        })
      },
    },
  ]
}
