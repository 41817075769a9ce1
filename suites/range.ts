import { blockRange } from '../harness/generate/blockRange.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { seededFindings } from '../harness/generate/seededFindings.js'
import type { Finding } from '../harness/checks/finding.js'
import type { Probe } from '../harness/run/certify.js'
import { defineSuite } from '../harness/run/registry.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { checkRangeOrder, MAX_GENERATED_SPAN, rangeBlocks } from '../harness/requirements/RANGE-ORDER.js'
import { checkRangeShape, checkResult, RANGE_METHOD } from '../harness/requirements/RANGE-SHAPE.js'
import { checkFullTransactions, transactionCount } from '../harness/requirements/RANGE-FULLTX.js'
import { checkRangeAgainstLookups } from '../harness/requirements/RANGE-CONSISTENT.js'
import { checkTagRange, tagCases } from '../harness/requirements/RANGE-TAGS.js'
import { beyondHeadParams, checkIsError, MALFORMED_PARAMS, oversizedParams, REVERSED_PARAMS } from '../harness/requirements/RANGE-INVALID.js'
import { readHead } from '../harness/scenarios/chainHead.js'
import { checkSpecError } from '../harness/checks/specErrorFindings.js'
import { limitError } from '../harness/spec/specErrors.js'
import type { Validate } from '../harness/spec/validationIssue.js'
import { specMaxBlockRange } from '../harness/scenarios/specMaxBlockRange.js'
import { rangeBlockValidator, transactionValidator } from '../harness/scenarios/resultSchemas.js'
import { leaveOut, specName } from '../harness/run/undeclared.js'
import { whenDescribed } from './support/whenDescribed.js'

/** -32602 when openrpc.json lists it among eth_getBlockRange's errors (bad params, a reversed range); otherwise any error. */
const badParamsCodes = (context: RunContext): number[] | undefined =>
  context.openrpc.method(RANGE_METHOD)?.errors.some((e) => e.code === -32602) === true ? [-32602] : undefined

/**
 * Runs `property` over generated sub-ranges of the target's real chain, seeded per check; on failure
 * records the first finding with the seed and the (shrunk) range.
 */
async function overRanges(probe: Probe, context: RunContext, checkId: string, property: (start: number, end: number) => Promise<Finding[]>): Promise<void> {
  const read = await readHead(context, 'so no range can be chosen')
  if ('finding' in read) return probe.add([read.finding])
  probe.add(
    await seededFindings(blockRange(read.head, MAX_GENERATED_SPAN), async ({ start, end }) => property(Number(start), Number(end)), {
      seed: deriveSeed(context.config.seed, checkId),
      runs: context.config.runs,
      runSeed: context.config.seed,
      inputName: 'range',
      parallel: context.config.concurrency,
    }),
  )
}

interface RangeAnswer {
  exchange: Exchange
  blocks?: unknown[]
  finding?: Finding
}

async function fetchRange(context: RunContext, start: string, end: string, full: boolean): Promise<RangeAnswer> {
  const exchange = await context.http!.call(RANGE_METHOD, [start, end, full])
  const read = rangeBlocks(exchange, `${RANGE_METHOD} [${start}, ${end}, ${full}]`)
  return 'blocks' in read ? { exchange, blocks: read.blocks } : { exchange, finding: read.finding }
}

/** The same range with transaction hashes and with full transactions. */
async function bothForms(context: RunContext, start: number, end: number): Promise<[RangeAnswer, RangeAnswer]> {
  return Promise.all([fetchRange(context, toQuantity(start), toQuantity(end), false), fetchRange(context, toQuantity(start), toQuantity(end), true)])
}

// Every check here calls eth_getBlockRange: a spec that does not describe it declares none of them.
export default defineSuite('range', (declare, scope) => {
  const check = whenDescribed(declare, scope, [RANGE_METHOD])
  // RANGE-ORDER, RANGE-SHAPE, RANGE-FULLTX, RANGE-CONSISTENT over generated sub-ranges of the real chain
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
      const validate = rangeBlockValidator(context.openrpc)
      if (validate === undefined) return probe.inconclusive(`${specName(context)} gives ${RANGE_METHOD}'s result no items schema to judge its blocks by`)
      await overRanges(probe, context, 'range.shape', async (start, end) => {
        const [hashes, full] = await bothForms(context, start, end)
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
      // A transaction as the spec describes one (eth_getTransactionByHash's result); without it, the
      // blocks' own schema (RANGE-SHAPE) is all that judges their transactions' shape.
      const described = transactionValidator(context.openrpc)
      if (described === undefined)
        probe.note(`${specName(context)} describes no transaction (eth_getTransactionByHash's result): the transactions were compared, not validated`)
      const validateTx: Validate = described ?? (() => [])
      let seen = 0
      await overRanges(probe, context, 'range.fulltx', async (start, end) => {
        const [hashes, full] = await bothForms(context, start, end)
        if (hashes.blocks === undefined) return [hashes.finding!]
        if (full.blocks === undefined) return [full.finding!]
        seen += transactionCount(full.blocks)
        return checkFullTransactions({ exchange: hashes.exchange, blocks: hashes.blocks }, { exchange: full.exchange, blocks: full.blocks }, validateTx)
      })
      if (seen === 0 && probe.findings.length === 0) probe.inconclusive('the generated ranges held no transaction to compare')
    },
  )
  check(
    { id: 'range.consistent', requirement: 'RANGE-CONSISTENT', title: 'each block equals what eth_getBlockByNumber and eth_getBlockByHash return' },
    {},
    async (probe, context) => {
      // Each range's lookups go in one batch (checkRangeAgainstLookups); what the batches left unanswered is said once.
      let unbatched: string | null = null
      await overRanges(probe, context, 'range.consistent', async (start, end) => {
        const got = await fetchRange(context, toQuantity(start), toQuantity(end), false)
        if (got.blocks === undefined) return [got.finding!]
        const judged = await checkRangeAgainstLookups(context.http!, got.exchange, got.blocks)
        if (judged.unbatched !== null) unbatched ??= `${judged.unbatched.count} lookups of a range sent alone (${judged.unbatched.why})`
        return judged.findings
      })
      if (unbatched !== null) probe.note(`the blocks were looked up one call at a time where the node's batches did not answer them: ${unbatched}`)
    },
  )

  // RANGE-TAGS: earliest, latest, pending and hex numbers for start and end
  check(
    { id: 'range.tags', requirement: 'RANGE-TAGS', title: 'earliest, latest and pending are resolved to block numbers, then the range walked ascending' },
    {},
    async (probe, context) => {
      const read = await readHead(context)
      if ('finding' in read) return probe.add([read.finding])
      for (const tagCase of tagCases(read.head)) {
        const got = await fetchRange(context, tagCase.params[0], tagCase.params[1], false)
        const after = await readHead(context)
        if (got.blocks === undefined) {
          probe.add([got.finding!])
          continue
        }
        probe.add(checkTagRange(got.exchange, got.blocks, tagCase, [read.head, 'head' in after ? after.head : read.head]))
      }
    },
  )

  // RANGE-INVALID: start after end, an oversized range and bad params are refused promptly
  check(
    { id: 'range.invalid.reversed', requirement: 'RANGE-INVALID', title: 'start after end is an error (-32602 where openrpc.json names it)' },
    {},
    async (probe, context) => {
      probe.add(
        checkIsError(
          await context.http!.call(RANGE_METHOD, [...REVERSED_PARAMS]),
          `${RANGE_METHOD} [${REVERSED_PARAMS[0]}, ${REVERSED_PARAMS[1]}]`,
          badParamsCodes(context),
        ),
      )
    },
  )
  check(
    {
      id: 'range.invalid.oversized',
      requirement: 'RANGE-INVALID',
      title: 'a range one block past x-limits.maxBlockRange answers the error openrpc.json names for it, within the time-out',
    },
    {},
    async (probe, context) => {
      const limit = specMaxBlockRange(context.openrpc)
      if (limit === null) return probe.inconclusive(`${specName(context)} states no x-limits.maxBlockRange, so no range is known to be oversized`)
      const params = oversizedParams(limit)
      const expected = limitError(context.openrpc, RANGE_METHOD, 'maxBlockRange')
      const exchange = await context.http!.call(RANGE_METHOD, params)
      const what = `${RANGE_METHOD} [${params[0]}, ${params[1]}] (${limit + 1} blocks, x-limits.maxBlockRange + 1)`
      const refused = checkIsError(exchange, what)
      probe.add(refused.length > 0 || expected === null ? refused : checkSpecError(exchange, what, expected))
    },
  )
  check(
    { id: 'range.invalid.beyond-head', requirement: 'RANGE-INVALID', title: 'an end beyond the head is an error (not null, not a short array)' },
    {},
    async (probe, context) => {
      const read = await readHead(context)
      if ('finding' in read) return probe.add([read.finding])
      const params = beyondHeadParams(read.head)
      probe.add(
        checkIsError(await context.http!.call(RANGE_METHOD, params), `${RANGE_METHOD} [${params[0]}, ${params[1]}] (the end a million blocks past the head)`),
      )
    },
  )
  check(
    {
      id: 'range.invalid.params',
      requirement: 'RANGE-INVALID',
      title: 'malformed params (leading zeros, not hex, a missing or non-boolean flag, too many) are errors (-32602 where openrpc.json names it)',
    },
    {},
    async (probe, context) => {
      for (const [why, params] of MALFORMED_PARAMS)
        probe.add(checkIsError(await context.http!.call(RANGE_METHOD, [...params]), `${RANGE_METHOD} with ${why}`, badParamsCodes(context)))
    },
  )

  // RANGE-SHAPE: the example of openrpc.json (a spec without one gives this check nothing to judge)
  if (scope.openrpc.method(RANGE_METHOD)?.examples.length === 0)
    leaveOut(scope.openrpc, 'range.example', `${specName(scope)} has no example for ${RANGE_METHOD}`)
  else
    check(
      { id: 'range.example', requirement: 'RANGE-SHAPE', title: "the spec's example params answer a result valid against the result schema" },
      {},
      async (probe, context) => {
        const method = context.openrpc.method(RANGE_METHOD)!
        for (const example of method.examples) {
          probe.add(
            checkResult(await context.http!.call(RANGE_METHOD, example.params), method.result.validate, `${RANGE_METHOD} example "${example.name}"`).findings,
          )
        }
      },
    )
})
