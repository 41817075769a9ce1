import type { Finding } from '../checks/finding.js'
import { rangeBlocks } from '../checks/rangeFindings.js'
import { blockRange } from '../generate/blockRange.js'
import { seededFindings } from '../generate/seededFindings.js'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import type { Exchange } from '../transport/exchange.js'
import { readHead } from './chainHead.js'

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
  const exchange = await context.http!.call(RANGE_METHOD, [start, end, full])
  const read = rangeBlocks(exchange, `${RANGE_METHOD} [${start}, ${end}, ${full}]`)
  return 'blocks' in read ? { exchange, blocks: read.blocks } : { exchange, finding: read.finding }
}

/** The same range with transaction hashes and with full transactions. */
export async function bothForms(context: RunContext, start: number, end: number): Promise<[RangeAnswer, RangeAnswer]> {
  return Promise.all([fetchRange(context, toQuantity(start), toQuantity(end), false), fetchRange(context, toQuantity(start), toQuantity(end), true)])
}
