import { toQuantity } from '../generate/toQuantity.js'
import { batchedCalls, type BatchedCall } from '../transport/batchedCalls.js'
import type { Exchange } from '../transport/exchange.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import { isObject, objectOf } from './verifyBlock.js'
import type { WindowRead } from './verifyWindow.js'

/** Receipts asked in one batch at most: a busy chain's window can hold thousands of transactions, and nodes cap batches (geth at 1,000). */
export const RECEIPTS_PER_BATCH = 500

/** The transaction hashes of a block object with full transactions (hashes as given when the node answered hashes only). */
export function transactionHashes(block: Record<string, unknown> | null): string[] {
  const txs = block === null || !Array.isArray(block.transactions) ? [] : block.transactions
  return txs.map((tx) => (isObject(tx) ? tx.hash : tx)).filter((hash): hash is string => typeof hash === 'string')
}

/**
 * Reads a window of consecutive blocks from one node in two round trips: one batch of
 * eth_getBlockRange(from, to, true), eth_getBlockByNumber(n, true) for each block and eth_getLogs over
 * the window; then the receipts of every transaction the blocks hold, in batches of
 * RECEIPTS_PER_BATCH (batchedCalls: a call the batch leaves unanswered is asked alone).
 * @example const read = await readWindow(http, 100, 199)
 */
export async function readWindow(http: HttpTransport, from: number, to: number): Promise<WindowRead> {
  const heights = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const calls: BatchedCall[] = [
    { method: 'eth_getBlockRange', params: [toQuantity(from), toQuantity(to), true] },
    ...heights.map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] })),
    { method: 'eth_getLogs', params: [{ fromBlock: toQuantity(from), toBlock: toQuantity(to) }] },
  ]
  const first = await batchedCalls(http, calls)
  const exchanges = first.exchanges
  const blockExchanges = exchanges.slice(1, 1 + heights.length)
  const hashes = blockExchanges.map((e) => transactionHashes(objectOf(e)))
  const all = hashes.flat()
  const receipts: Exchange[] = []
  for (let i = 0; i < all.length; i += RECEIPTS_PER_BATCH) {
    const chunk = all.slice(i, i + RECEIPTS_PER_BATCH).map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] }))
    receipts.push(...(await batchedCalls(http, chunk)).exchanges)
  }
  let at = 0
  return {
    from,
    to,
    range: exchanges[0] as Exchange,
    logs: exchanges[exchanges.length - 1] as Exchange,
    blocks: heights.map((height, i) => {
      const count = (hashes[i] as string[]).length
      const own = receipts.slice(at, at + count)
      at += count
      return { height, block: blockExchanges[i] as Exchange, receipts: own }
    }),
  }
}
