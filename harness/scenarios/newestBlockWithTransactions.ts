import type { RunContext } from '../run/runContext.js'
import type { Finding } from '../checks/finding.js'
import { readHead } from './chainHead.js'
import { blocksBack, contextReader, SEARCH_REQUESTS, searchWayOf, type Searched } from './historySearch.js'

/** How far back from the head a whole chain counts as read when no block holds a transaction (INFO-PROGRESS's bound; the search itself goes further). */
export const NEWEST_LOOKBACK = 64

type Json = Record<string, unknown>

/**
 * The newest block that holds transactions (whole, with transaction objects), searched back from
 * the head within SEARCH_REQUESTS requests (eth_getBlockRange windows where the node has them,
 * batches of per-block reads otherwise), the head seen, and what was searched; null block when the
 * search found none. No head: the finding that eth_blockNumber answered none, with its exchange.
 */
export async function newestBlockWithTransactions(
  context: RunContext,
): Promise<{ head: number; block: Json | null; searched: Searched | null } | { head: null; block: null; finding: Finding }> {
  const read = await readHead(context)
  if ('finding' in read) return { head: null, block: null, finding: read.finding }
  const head = read.head
  const way = await searchWayOf(context)
  if (way === null) return { head, block: null, searched: null }
  const reader = contextReader(context)
  const searched: Searched = { from: head + 1, to: head, requests: 0, way, probed: [] }
  let found: Json | null = null
  for await (const step of blocksBack(reader, way, head, 0, SEARCH_REQUESTS)) {
    searched.from = step.low
    found =
      step.blocks.find((block) => {
        const txs = block.transactions
        return Array.isArray(txs) && txs.length > 0 && txs.every((tx) => tx !== null && typeof tx === 'object' && typeof (tx as Json).hash === 'string')
      }) ?? null
    if (found !== null) break
  }
  searched.requests = reader.requests
  return { head, block: found, searched }
}
