import type { UntypedFinding } from '../checks/finding.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import { checkRangeOrder, checkRangeShape, isBlock, rangeBlocks } from '../checks/rangeFindings.js'

/** A window of block numbers [lowest, highest] a bound may resolve to while the head moves. */
export type BlockWindow = readonly [number, number]

/** The block number of a block object when it is a hex quantity; null otherwise (a null pending number, garbage). */
export function blockNumberOf(block: unknown): number | null {
  if (!isBlock(block) || typeof block.number !== 'string' || !/^0x[0-9a-f]{1,13}$/i.test(block.number)) return null
  return Number.parseInt(block.number, 16)
}

/** The numbers of a few blocks, for messages: "40, 41, null, ...". */
function numbersText(blocks: readonly unknown[]): string {
  const shown = blocks.slice(0, 5).map((b) => String(blockNumberOf(b)))
  return blocks.length > 5 ? `${shown.join(', ')}, ... (${blocks.length} blocks)` : `[${shown.join(', ')}]`
}

/**
 * RANGE-TAGS (interface section 4.2 rule 2): a range written with tags or plain integers (`got`)
 * answers exactly the blocks, in the same order, of the same range written as two hex quantities
 * (`equivalent`, the blocks `blocks[0]`..`blocks[1]`). When the equivalent itself answers no blocks,
 * or not those blocks in order, there is nothing to compare with: `undecided` says why (the hex form
 * is RANGE-ORDER's business, not this judge's).
 */
export function checkSameAsEquivalent(
  label: string,
  got: Exchange,
  equivalentLabel: string,
  equivalent: Exchange,
  blocks: BlockWindow,
): { findings: UntypedFinding[] } | { undecided: string } {
  const reference = rangeBlocks(equivalent, equivalentLabel)
  if (!('blocks' in reference)) return { undecided: `${reference.finding.message}, so ${label} has nothing to be compared with` }
  // A hex range answered out of order is RANGE-ORDER's finding; it is no yardstick for the other forms.
  const disorder = checkRangeOrder(equivalent, reference.blocks, blocks[0], blocks[1])
  if (disorder.length > 0) return { undecided: `${disorder[0]!.message}, so ${label} has no ordered range to be compared with` }
  const answer = rangeBlocks(got, label)
  if (!('blocks' in answer))
    return {
      findings: [{ ...answer.finding, message: `${answer.finding.message}, where ${equivalentLabel} answered the blocks ${numbersText(reference.blocks)}` }],
    }
  const difference = firstDifference(answer.blocks, reference.blocks, '/result')
  if (difference === null) return { findings: [] }
  return {
    findings: [
      {
        message: `${label} answered the blocks ${numbersText(answer.blocks)}, ${equivalentLabel} ${numbersText(reference.blocks)}: they differ at ${difference.pointer} (${boundedJson(difference.left, 70)} vs ${boundedJson(difference.right, 70)})`,
        pointer: difference.pointer,
        exchange: got,
      },
    ],
  }
}

/**
 * RANGE-TAGS (sections 2.1 and 4.2): the blocks a range with a tag answers are whole range blocks
 * (every field of 2.1, hex-encoded, nothing null: `validate` is the rangeBlock schema), one per
 * number, ascending, from a first block in `first` to a last block in `last` (windows, as the head
 * may move while the call is answered). A `pending` bound is no exception: inside a range it names a
 * numbered, sealed block.
 */
export function checkTaggedRange(label: string, exchange: Exchange, first: BlockWindow, last: BlockWindow, validate: Validate): UntypedFinding[] {
  const read = rangeBlocks(exchange, label)
  if (!('blocks' in read)) return [read.finding]
  const blocks = read.blocks
  const findings: UntypedFinding[] = checkRangeShape(exchange, blocks, validate).map((f) => ({ ...f, message: `${label}: ${f.message}` }))
  if (blocks.length === 0)
    return [...findings, { message: `${label} answered no block; expected blocks from ${windowText(first)} to ${windowText(last)}`, exchange }]
  const numbers = blocks.map(blockNumberOf)
  const missing = numbers.indexOf(null)
  if (missing !== -1)
    return [
      ...findings,
      {
        message: `${label}: element ${missing} has no block number (${boundedJson(isBlock(blocks[missing]) ? blocks[missing].number : blocks[missing], 40)}); inside a range every block is numbered`,
        pointer: `/result/${missing}/number`,
        exchange,
      },
    ]
  const known = numbers as number[]
  const gap = known.findIndex((n, i) => i > 0 && n !== known[i - 1]! + 1)
  if (gap !== -1)
    findings.push({
      message: `${label} answered the blocks ${numbersText(blocks)}: not one per number, ascending, at element ${gap}`,
      pointer: `/result/${gap}/number`,
      exchange,
    })
  const [lowest, highest] = [known[0]!, known.at(-1)!]
  if (lowest < first[0] || lowest > first[1])
    findings.push({ message: `${label} starts at block ${lowest}; the start names block ${windowText(first)}`, pointer: '/result/0/number', exchange })
  if (highest < last[0] || highest > last[1])
    findings.push({
      message: `${label} ends at block ${highest}; the end names block ${windowText(last)}`,
      pointer: `/result/${blocks.length - 1}/number`,
      exchange,
    })
  return findings
}

function windowText([lowest, highest]: BlockWindow): string {
  return lowest === highest ? String(lowest) : `${lowest}..${highest} (the head moved during the call)`
}
