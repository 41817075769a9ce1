import type { RunContext } from '../run/runContext.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { Finding } from '../checks/finding.js'
import { readHead } from './chainHead.js'

/** How far back from the head to look for a block that holds transactions. */
export const NEWEST_LOOKBACK = 64

type Json = Record<string, unknown>

/**
 * The newest block (within NEWEST_LOOKBACK of the head) that holds transactions, fetched with full
 * transaction objects, and the head seen; null block when there is none (an idle chain). No head:
 * the finding that eth_blockNumber answered none, with its exchange.
 */
export async function newestBlockWithTransactions(
  context: RunContext,
): Promise<{ head: number; block: Json | null } | { head: null; block: null; finding: Finding }> {
  const read = await readHead(context)
  if ('finding' in read) return { head: null, block: null, finding: read.finding }
  const head = read.head
  for (let n = head; n >= Math.max(0, head - NEWEST_LOOKBACK); n--) {
    const outcome = outcomeOf(await context.http!.call('eth_getBlockByNumber', [toQuantity(n), true]))
    const block = outcome.kind === 'result' ? outcome.value : null
    if (block === null || typeof block !== 'object' || Array.isArray(block)) continue
    const txs = (block as Json).transactions
    if (Array.isArray(txs) && txs.length > 0 && txs.every((tx) => tx !== null && typeof tx === 'object' && typeof (tx as Json).hash === 'string'))
      return { head, block: block as Json }
  }
  return { head, block: null }
}
