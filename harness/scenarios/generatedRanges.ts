import type { Finding } from '../checks/finding.js'
import { rangeBlocks } from '../checks/rangeFindings.js'
import { blockRange } from '../generate/blockRange.js'
import { seededFindings } from '../generate/seededFindings.js'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { batchedCalls } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import { readHead } from './chainHead.js'
import { noteUnbatched } from './noteUnbatched.js'

/** The method the RANGE-* requirements are about. */
export const RANGE_METHOD = 'eth_getBlockRange'

/**
 * The widest sub-range of the real chain the generated RANGE-* checks ask for: small, so a default
 * run is quick; --runs raises how many ranges are tried, not how wide they are.
 */
export const MAX_GENERATED_SPAN = 64

/**
 * Runs `property` over generated sub-ranges of the target's real chain, seeded per check; on failure
 * records the first finding with the seed and the (shrunk) range.
 */
export async function overRanges(
  probe: Probe,
  context: RunContext,
  checkId: string,
  property: (start: number, end: number) => Promise<Finding[]>,
): Promise<void> {
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

/** One eth_getBlockRange answer: its exchange, and its blocks or the finding that it answered none. */
export interface RangeAnswer {
  exchange: Exchange
  blocks?: unknown[]
  finding?: Finding
}

/** Calls eth_getBlockRange [start, end, full] and reads the blocks it answered. */
export async function fetchRange(context: RunContext, start: string, end: string, full: boolean): Promise<RangeAnswer> {
  const params = [start, end, full]
  return answerOf(await context.http!.call(RANGE_METHOD, params), params)
}

/**
 * The same range with transaction hashes and with full transactions, in one batch: independent reads
 * of sealed blocks (batchedCalls: a form the batch leaves unanswered is asked alone, and the probe
 * notes it once).
 */
export async function bothForms(probe: Probe, context: RunContext, start: number, end: number): Promise<[RangeAnswer, RangeAnswer]> {
  const forms = [false, true].map((full) => ({ method: RANGE_METHOD, params: [toQuantity(start), toQuantity(end), full] }))
  const { exchanges, unbatched } = await batchedCalls(context.http!, forms)
  noteUnbatched(probe, 'the two forms of a range', forms.length, unbatched)
  const [hashes, full] = exchanges.map((exchange, i) => answerOf(exchange, forms[i]!.params))
  return [hashes!, full!]
}

/** The blocks an eth_getBlockRange exchange answered, or the finding that it answered none. */
function answerOf(exchange: Exchange, [start, end, full]: unknown[]): RangeAnswer {
  const read = rangeBlocks(exchange, `${RANGE_METHOD} [${String(start)}, ${String(end)}, ${String(full)}]`)
  return 'blocks' in read ? { exchange, blocks: read.blocks } : { exchange, finding: read.finding }
}
