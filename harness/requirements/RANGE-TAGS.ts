import type { Finding } from '../checks/finding.js'
import type { HeadWindow } from '../checks/liveVerdict.js'
import { isBlock, rangeBlocks } from '../checks/rangeFindings.js'
import { toQuantity } from '../generate/toQuantity.js'
import { batchedCalls } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import { rangeFormCases, type RangeFormCase } from './RANGE-TAGS.forms.js'
import { checkSameAsEquivalent, checkTaggedRange, type BlockWindow } from './RANGE-TAGS.formFindings.js'
import { validated } from '../checks/validated.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import { specName } from '../run/undeclared.js'
import { chainHead, readHead } from '../scenarios/chainHead.js'
import { noteUnbatched } from '../scenarios/noteUnbatched.js'
import { RANGE_METHOD } from '../scenarios/generatedRanges.js'
import { rangeBlockValidator } from '../scenarios/resultSchemas.js'
import { specMaxBlockRange } from '../scenarios/specMaxBlockRange.js'

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

/** Tries of a case whose tags name the head before the head is left to move: a chain sealing every second still gets one still moment. */
const HEAD_TRIES = 4

const label = (params: readonly unknown[]): string => `${RANGE_METHOD} ${JSON.stringify(params)}`
const anyShape: Validate = () => []

/** Whether a hex range answered blocks that all hold the shape of section 2.1 (the yardstick the tag forms are held to). */
function hexRangeShapeHolds(exchange: Exchange, validate: Validate): boolean {
  const read = rangeBlocks(exchange, RANGE_METHOD)
  return 'blocks' in read && read.blocks.every((block) => validated(validate, block).length === 0)
}

/**
 * eth_getBlockRange once per distinct params (a case and its equivalent often share a range), all in
 * one batch: one round trip, so the head has the least time to move between the forms compared
 * (batchedCalls: what the batch leaves unanswered is asked alone, and the probe notes it once). The
 * answer to each params, by its JSON.
 */
async function rangesOnce(probe: Probe, context: RunContext, paramsList: ReadonlyArray<readonly unknown[]>): Promise<Map<string, Exchange>> {
  const distinct = [...new Map(paramsList.map((params) => [JSON.stringify(params), params])).entries()]
  const { exchanges, unbatched } = await batchedCalls(
    context.http!,
    distinct.map(([, params]) => ({ method: RANGE_METHOD, params: [...params] })),
  )
  noteUnbatched(probe, 'the ranges', distinct.length, unbatched)
  return new Map(distinct.map(([key], i) => [key, exchanges[i]!]))
}

/** RANGE-TAGS's checks: earliest, latest, pending and hex numbers for start and end (a spec that does not describe eth_getBlockRange declares none). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'range.tags',
      title: 'earliest, latest and pending are resolved to block numbers, then the range walked ascending',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        const read = await readHead(context)
        if ('finding' in read) return probe.add([read.finding])
        // The cases in one batch, judged within the head read before it and the head read after it.
        const cases = tagCases(read.head)
        const answers = await rangesOnce(
          probe,
          context,
          cases.map((tagCase) => [...tagCase.params, false]),
        )
        const after = await readHead(context)
        const window = { from: BigInt(read.head), to: BigInt('head' in after ? after.head : read.head) }
        for (const tagCase of cases) {
          const exchange = answers.get(JSON.stringify([...tagCase.params, false]))!
          const got = rangeBlocks(exchange, `${RANGE_METHOD} [${tagCase.params[0]}, ${tagCase.params[1]}, false]`)
          probe.add('blocks' in got ? checkTagRange(exchange, got.blocks, tagCase, window) : [got.finding])
        }
      },
    },
    // Every form of the block parameter, at start and end, in every combination.
    {
      id: 'range.tags.forms',
      title:
        'earliest, latest, pending, hex and plain integers, at start and end in every combination, give the blocks of the equivalent hex range, in its order',
      calls: [RANGE_METHOD],
      // A batch of every case between two reads of the head, asked again while the head moves under it.
      chain: 6,
      run: async (probe, context) => {
        const maxBlockRange = specMaxBlockRange(context.openrpc) ?? Number.MAX_SAFE_INTEGER
        // Cases are judged once the head stood still around them (those without a head tag at once).
        let waiting: Set<string> | null = null
        for (let attempt = 0; attempt < HEAD_TRIES && (waiting === null || waiting.size > 0); attempt++) {
          const read = await readHead(context, 'so no range can be chosen')
          if ('finding' in read) return probe.add([read.finding])
          const before = read.head
          const cases: RangeFormCase[] = rangeFormCases(before, maxBlockRange).filter((c) => waiting === null || waiting.has(c.name))
          waiting ??= new Set(cases.map((c) => c.name))
          const asked = cases.map((c) => ({ c, params: [c.start.param, c.end.param, false], equivalent: [...c.equivalent, false] }))
          const answers = await rangesOnce(
            probe,
            context,
            asked.flatMap(({ params, equivalent }) => [params, equivalent]),
          )
          const answered = asked.map((a) => ({ ...a, got: answers.get(JSON.stringify(a.params))!, reference: answers.get(JSON.stringify(a.equivalent))! }))
          const after = await chainHead(context)
          for (const { c, params, equivalent, got, reference } of answered) {
            if (c.followsHead && after !== before) continue
            waiting.delete(c.name)
            const judged = checkSameAsEquivalent(label(params), got, label(equivalent), reference, [c.start.block, c.end.block])
            if ('undecided' in judged) probe.inconclusive(judged.undecided)
            else probe.add(judged.findings)
          }
        }
        if (waiting !== null && waiting.size > 0) probe.inconclusive(`the head moved during each of ${HEAD_TRIES} tries of ${[...waiting].join(', ')}`)
      },
    },
    {
      id: 'range.tags.shape',
      title: 'the block a tag resolves to is a whole range block (section 2.1, nothing null): one per number, ascending, pending included',
      calls: [RANGE_METHOD],
      run: async (probe, context) => {
        const validate = rangeBlockValidator(context.openrpc)
        if (validate === undefined) return probe.inconclusive(`${specName(context)} gives ${RANGE_METHOD}'s result no items schema to judge its blocks by`)
        const read = await readHead(context, 'so no range can be chosen')
        if ('finding' in read) return probe.add([read.finding])
        const before = read.head
        const below = Math.max(0, before - 2)
        // Each tag alone and inside a range, with hashes and with full transactions; the head may move meanwhile.
        const calls: Array<{ params: unknown[]; first: (head: BlockWindow) => BlockWindow; last: (head: BlockWindow) => BlockWindow }> = []
        const atHead = (head: BlockWindow): BlockWindow => head
        const at = (n: number) => (): BlockWindow => [n, n]
        for (const full of [false, true]) {
          calls.push({ params: ['earliest', 'earliest', full], first: at(0), last: at(0) })
          calls.push({ params: ['earliest', toQuantity(Math.min(before, 2)), full], first: at(0), last: at(Math.min(before, 2)) })
          for (const tag of ['latest', 'pending']) {
            calls.push({ params: [tag, tag, full], first: atHead, last: atHead })
            calls.push({ params: [toQuantity(below), tag, full], first: at(below), last: atHead })
          }
        }
        calls.push({ params: ['latest', 'pending', false], first: atHead, last: atHead })
        calls.push({ params: ['pending', 'latest', false], first: atHead, last: atHead })
        // The same blocks as a hex range: where those already miss a field of 2.1, it is RANGE-SHAPE's finding, not the tags'.
        const hexRanges = [false, true].map((full) => [toQuantity(below), toQuantity(before), full])
        const answers = await rangesOnce(probe, context, [...calls.map((c) => c.params), ...hexRanges])
        const exchanges = calls.map((c) => answers.get(JSON.stringify(c.params))!)
        const hexShape = hexRanges.map((params) => hexRangeShapeHolds(answers.get(JSON.stringify(params))!, validate))
        const after = (await chainHead(context)) ?? before
        const head: BlockWindow = [before, Math.max(before, after)]
        if (hexShape.includes(false))
          probe.note(
            "the same blocks asked for as a hex range already lack fields of section 2.1 (RANGE-SHAPE): the tags are judged on their blocks' numbers only",
          )
        calls.forEach((c, i) =>
          probe.add(
            checkTaggedRange(
              label(c.params),
              exchanges[i]!,
              c.first(head),
              c.last(head),
              hexShape[c.params[2] === true ? 1 : 0] === true ? validate : anyShape,
            ),
          ),
        )
      },
    },
  ]
}
