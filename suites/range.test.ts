import { describe } from 'vitest'
import { firstDifference } from '../harness/checks/firstDifference.js'
import { checkIsError, checkResult } from '../harness/checks/outcomeFindings.js'
import { blockRange } from '../harness/generate/blockRange.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { seededFindings } from '../harness/generate/seededFindings.js'
import type { Finding, Probe } from '../harness/run/certify.js'
import { check } from '../harness/run/check.js'
import type { RunContext } from '../harness/run/runContext.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { chainHead } from './support/chainHead.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { checkFullTransactions, checkRangeOrder, checkRangeShape, isBlock, rangeBlocks } from '../harness/checks/rangeFindings.js'
import { boundedJson, boundedText } from '../harness/checks/boundedJson.js'

const METHOD = 'eth_getBlockRange'
/** Generated ranges stay small so a default run is quick; --runs raises how many are tried. */
const MAX_GENERATED_SPAN = 64

/**
 * Runs `property` over generated sub-ranges of the target's real chain, seeded per check; on failure
 * records the first finding with the seed and the (shrunk) range.
 */
async function overRanges(probe: Probe, context: RunContext, checkId: string, property: (start: number, end: number) => Promise<Finding[]>): Promise<void> {
  const head = await chainHead(context)
  if (head === null) {
    probe.fail('eth_blockNumber did not answer a block number, so no range can be chosen')
    return
  }
  probe.add(await seededFindings(blockRange(head, MAX_GENERATED_SPAN), async ({ start, end }) => property(Number(start), Number(end)),
    { seed: deriveSeed(context.config.seed, checkId), runs: context.config.runs, runSeed: context.config.seed, inputName: 'range' }))
}

async function fetchRange(context: RunContext, start: string, end: string, full: boolean): Promise<{ exchange: Awaited<ReturnType<NonNullable<RunContext['http']>['call']>>; blocks?: unknown[]; finding?: Finding }> {
  const exchange = await context.http!.call(METHOD, [start, end, full])
  const read = rangeBlocks(exchange, `${METHOD} [${start}, ${end}, ${full}]`)
  return 'blocks' in read ? { exchange, blocks: read.blocks } : { exchange, finding: read.finding }
}

describe('RANGE-ORDER, RANGE-SHAPE, RANGE-FULLTX, RANGE-CONSISTENT over generated sub-ranges of the real chain', () => {
  check(
    { id: 'range.order', requirement: 'RANGE-ORDER', title: 'one block per number in [start, end], ascending, both ends inclusive' },
    {},
    async (probe, context) =>
      overRanges(probe, context, 'range.order', async (start, end) => {
        const got = await fetchRange(context, toQuantity(start), toQuantity(end), false)
        return got.blocks === undefined ? [got.finding!] : checkRangeOrder(got.exchange, got.blocks, start, end)
      }),
  )
  check(
    { id: 'range.shape', requirement: 'RANGE-SHAPE', title: 'an array of block objects with every field of section 2.1, hex-encoded' },
    {},
    async (probe, context) => {
      const validate = context.openrpc.schema('rangeBlock').validate
      await overRanges(probe, context, 'range.shape', async (start, end) => {
        const [hashes, full] = await Promise.all([fetchRange(context, toQuantity(start), toQuantity(end), false), fetchRange(context, toQuantity(start), toQuantity(end), true)])
        if (hashes.blocks === undefined) return [hashes.finding!]
        if (full.blocks === undefined) return [full.finding!]
        return [...checkRangeShape(hashes.exchange, hashes.blocks, validate), ...checkRangeShape(full.exchange, full.blocks, validate)]
      })
    },
  )
  check(
    { id: 'range.fulltx', requirement: 'RANGE-FULLTX', title: 'true gives full transaction objects, false their hashes: the same transactions either way' },
    {},
    async (probe, context) => {
      const validateTx = context.openrpc.schema('transaction').validate
      let seen = 0
      await overRanges(probe, context, 'range.fulltx', async (start, end) => {
        const [hashes, full] = await Promise.all([fetchRange(context, toQuantity(start), toQuantity(end), false), fetchRange(context, toQuantity(start), toQuantity(end), true)])
        if (hashes.blocks === undefined) return [hashes.finding!]
        if (full.blocks === undefined) return [full.finding!]
        seen += full.blocks.reduce<number>((n, b) => n + (isBlock(b) && Array.isArray(b.transactions) ? b.transactions.length : 0), 0)
        return checkFullTransactions({ exchange: hashes.exchange, blocks: hashes.blocks }, { exchange: full.exchange, blocks: full.blocks }, validateTx)
      })
      if (seen === 0 && probe.findings.length === 0) probe.inconclusive('the generated ranges held no transaction to compare')
    },
  )
  check(
    { id: 'range.consistent', requirement: 'RANGE-CONSISTENT', title: 'each block equals what eth_getBlockByNumber and eth_getBlockByHash return' },
    {},
    async (probe, context) =>
      overRanges(probe, context, 'range.consistent', async (start, end) => {
        const got = await fetchRange(context, toQuantity(start), toQuantity(end), false)
        if (got.blocks === undefined) return [got.finding!]
        const findings: Finding[] = []
        for (const [i, block] of got.blocks.slice(0, 8).entries()) {
          if (!isBlock(block)) return [{ message: `element ${i} of ${METHOD} is ${boundedJson(block, 60)}, not a block`, exchange: got.exchange }]
          for (const [method, param] of [['eth_getBlockByNumber', block.number], ['eth_getBlockByHash', block.hash]] as const) {
            const exchange = await context.http!.call(method, [param, false])
            const outcome = outcomeOf(exchange)
            const other = outcome.kind === 'result' ? outcome.value : outcome
            const difference = firstDifference(block, other)
            if (difference !== null) {
              findings.push({ message: `block ${boundedText(block.number, 40)} from ${METHOD} differs from ${method} at ${difference.pointer}: ${boundedJson(difference.left, 70)} vs ${boundedJson(difference.right, 70)}`, exchange })
              return findings
            }
          }
        }
        return findings
      }),
  )
})

describe('RANGE-TAGS: earliest, latest, pending and hex numbers for start and end', () => {
  check(
    { id: 'range.tags', requirement: 'RANGE-TAGS', title: 'earliest, latest and pending are resolved to block numbers, then the range walked ascending' },
    {},
    async (probe, context) => {
      const before = await chainHead(context)
      if (before === null) return probe.fail('eth_blockNumber did not answer a block number')
      const cases: Array<{ params: [string, string]; first: (head: [number, number]) => [number, number]; last: (head: [number, number]) => [number, number] }> = [
        { params: ['earliest', 'earliest'], first: () => [0, 0], last: () => [0, 0] },
        { params: ['earliest', toQuantity(Math.min(before, 2))], first: () => [0, 0], last: () => [Math.min(before, 2), Math.min(before, 2)] },
        { params: ['latest', 'latest'], first: (h) => h, last: (h) => h },
        { params: [toQuantity(Math.max(0, before - 2)), 'latest'], first: () => [Math.max(0, before - 2), Math.max(0, before - 2)], last: (h) => h },
        { params: ['pending', 'pending'], first: ([lo, hi]) => [lo, hi + 1], last: ([lo, hi]) => [lo, hi + 1] },
      ]
      for (const c of cases) {
        const got = await fetchRange(context, c.params[0], c.params[1], false)
        const after = await chainHead(context)
        if (got.blocks === undefined) {
          probe.add([got.finding!])
          continue
        }
        const head: [number, number] = [before, after ?? before]
        const numbers = got.blocks.map((b) => (isBlock(b) && typeof b.number === 'string' && /^0x[0-9a-f]+$/i.test(b.number) ? Number(BigInt(b.number)) : null))
        const [firstLo, firstHi] = c.first(head)
        const [lastLo, lastHi] = c.last(head)
        const first = numbers[0]
        const last = numbers.at(-1)
        const pendingNull = c.params[0] === 'pending' && numbers.length === 1 && first === null
        if (pendingNull) continue // a pending block without a number yet, as geth-family nodes answer
        if (first === undefined || first === null || first < firstLo || first > firstHi || last === undefined || last === null || last < lastLo || last > lastHi) {
          probe.fail(`${METHOD} [${c.params.join(', ')}] answered blocks ${numbers.slice(0, 4).join(', ')}${numbers.length > 4 ? ', ...' : ''}; expected it to start in [${firstLo}, ${firstHi}] and end in [${lastLo}, ${lastHi}] (head ${head[0]}..${head[1]})`, got.exchange)
          continue
        }
        const gap = numbers.findIndex((n, i) => i > 0 && n !== (numbers[i - 1] ?? 0) + 1)
        if (gap !== -1) probe.fail(`${METHOD} [${c.params.join(', ')}] is not ascending one by one at element ${gap}: ${numbers.slice(0, 6).join(', ')}`, got.exchange)
      }
    },
  )
})

describe('RANGE-INVALID: start after end, an oversized range and bad params are refused promptly', () => {
  check(
    { id: 'range.invalid.reversed', requirement: 'RANGE-INVALID', title: 'start after end is an error' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await context.http!.call(METHOD, ['0x2', '0x1', false]), `${METHOD} [0x2, 0x1]`))
    },
  )
  check(
    { id: 'range.invalid.oversized', requirement: 'RANGE-INVALID', title: 'a range of 100,001 blocks is an error, answered within the time-out' },
    {},
    async (probe, context) => {
      probe.add(checkIsError(await context.http!.call(METHOD, ['0x0', toQuantity(100_000), true]), `${METHOD} [0x0, ${toQuantity(100_000)}] (100,001 blocks)`))
    },
  )
  check(
    { id: 'range.invalid.beyond-head', requirement: 'RANGE-INVALID', title: 'an end beyond the head is an error (not null, not a short array)' },
    {},
    async (probe, context) => {
      const head = await chainHead(context)
      if (head === null) return probe.fail('eth_blockNumber did not answer a block number')
      const end = toQuantity(head + 1_000_000)
      probe.add(checkIsError(await context.http!.call(METHOD, [toQuantity(head), end, false]), `${METHOD} [${toQuantity(head)}, ${end}] (the end a million blocks past the head)`))
    },
  )
  check(
    { id: 'range.invalid.params', requirement: 'RANGE-INVALID', title: 'malformed params (leading zeros, not hex, a missing or non-boolean flag, too many) are errors' },
    {},
    async (probe, context) => {
      const bad: Array<[string, unknown[]]> = [
        ['a quantity with leading zeros', ['0x01', '0x2', false]],
        ['a quantity that is not hex', ['0xZZ', '0x2', false]],
        ['an unknown tag', ['newest', '0x2', false]],
        ['the third param missing', ['0x1', '0x2']],
        ['a non-boolean third param', ['0x1', '0x2', 'yes']],
        ['a fourth param', ['0x1', '0x2', false, 1]],
      ]
      for (const [why, params] of bad) probe.add(checkIsError(await context.http!.call(METHOD, params), `${METHOD} with ${why}`))
    },
  )
})

describe('RANGE-SHAPE: the example of openrpc.json', () => {
  check(
    { id: 'range.example', requirement: 'RANGE-SHAPE', title: "the spec's example params answer a result valid against the result schema" },
    {},
    async (probe, context) => {
      const method = context.openrpc.method(METHOD)
      if (method === undefined) return probe.fail(`openrpc.json does not describe ${METHOD}`)
      for (const example of method.examples) {
        probe.add(checkResult(await context.http!.call(METHOD, example.params), method.result.validate, `${METHOD} example "${example.name}"`).findings)
      }
    },
  )
})
