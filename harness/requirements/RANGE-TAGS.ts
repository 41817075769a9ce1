import type { Finding } from '../checks/finding.js'
import type { HeadWindow } from '../checks/liveVerdict.js'
import type { BlockWindow } from '../checks/rangeFormFindings.js'
import { isBlock } from '../checks/rangeFindings.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Exchange } from '../transport/exchange.js'
import { RANGE_METHOD } from './RANGE-SHAPE.js'
import { requirement } from './requirement.js'

/** RANGE-TAGS: start and end are block numbers or the tags of the default block parameter. */
export const row = requirement({
  id: 'RANGE-TAGS',
  level: 'MUST',
  text: 'earliest, latest, pending, hex numbers and plain JSON integers accepted for start and end, each giving the blocks of the equivalent hex range',
  section: '4.2, rule 2',
})

/**
 * One call with tags: its params, and where its first and last block may fall given the head seen
 * just before and just after the call (a tag names a block somewhere in between).
 */
export interface TagCase {
  params: readonly [string, string]
  first: (head: BlockWindow) => BlockWindow
  last: (head: BlockWindow) => BlockWindow
}

/** How far below the head the "hex number to latest" case starts, and how far "earliest to hex number" goes. */
export const TAG_SPAN = 2

/**
 * The calls RANGE-TAGS makes, given the head seen before them: each tag alone, each with a hex number
 * on the other side. "pending" may name the block after the head.
 */
export function tagCases(head: number): TagCase[] {
  const low = Math.min(head, TAG_SPAN)
  const below = Math.max(0, head - TAG_SPAN)
  return [
    { params: ['earliest', 'earliest'], first: () => [0, 0], last: () => [0, 0] },
    { params: ['earliest', toQuantity(low)], first: () => [0, 0], last: () => [low, low] },
    { params: ['latest', 'latest'], first: (h) => h, last: (h) => h },
    { params: [toQuantity(below), 'latest'], first: () => [below, below], last: (h) => h },
    { params: ['pending', 'pending'], first: ([lo, hi]) => [lo, hi + 1], last: ([lo, hi]) => [lo, hi + 1] },
  ]
}

const numberOf = (block: unknown): number | null =>
  isBlock(block) && typeof block.number === 'string' && /^0x[0-9a-f]+$/i.test(block.number) ? Number(BigInt(block.number)) : null

/**
 * The blocks a tagged range answered start and end where the tags name (within the head window) and
 * ascend one by one. A pending bound is no exception: inside a range every block is numbered, as
 * range.tags.shape judges it too (checkTaggedRange), so the two checks of RANGE-TAGS never disagree
 * on one answer. (l2geth-family nodes answer a lone pending block with a null number: a deviation
 * from section 2.1's fields, reported as such.)
 */
export function checkTagRange(exchange: Exchange, blocks: readonly unknown[], tagCase: TagCase, window: HeadWindow): Finding[] {
  const what = `${RANGE_METHOD} [${tagCase.params.join(', ')}]`
  const numbers = blocks.map(numberOf)
  const head: BlockWindow = [Number(window.from), Number(window.to)]
  const [firstLo, firstHi] = tagCase.first(head)
  const [lastLo, lastHi] = tagCase.last(head)
  const first = numbers[0]
  const last = numbers.at(-1)
  if (first === undefined || first === null || first < firstLo || first > firstHi || last === undefined || last === null || last < lastLo || last > lastHi) {
    return [
      {
        kind: 'wrong-value',
        message: `${what} answered blocks ${numbers.slice(0, 4).join(', ')}${numbers.length > 4 ? ', ...' : ''}; expected it to start in [${firstLo}, ${firstHi}] and end in [${lastLo}, ${lastHi}] (head ${head[0]}..${head[1]})`,
        exchange,
        expected: { first: [firstLo, firstHi], last: [lastLo, lastHi] },
        got: { first, last },
      },
    ]
  }
  const gap = numbers.findIndex((n, i) => i > 0 && n !== (numbers[i - 1] ?? 0) + 1)
  if (gap === -1) return []
  return [
    {
      kind: 'wrong-value',
      message: `${what} is not ascending one by one at element ${gap}: ${numbers.slice(0, 6).join(', ')}`,
      exchange,
      pointer: `/result/${gap}/number`,
    },
  ]
}
