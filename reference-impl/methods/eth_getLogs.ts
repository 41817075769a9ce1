import { ChainError } from '../chain/chainError.js'
import { type LogJson, blockLogsJson } from '../chain/logJson.js'
import { matchesLogFilter } from '../chain/matchesLogFilter.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { invalidParams } from './invalidParams.js'
import { logFilterArgument } from './logFilterArgument.js'
import { positionalParams } from './positionalParams.js'
import { resolveBlockNumber } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/** Most blocks one eth_getLogs query scans. */
export const MAX_LOG_BLOCK_RANGE = 10_000
/** Most logs one eth_getLogs query returns. */
export const MAX_LOG_RESULTS = 10_000

/**
 * eth_getLogs: the logs matching a filter, in chain order. By block hash (unknown hash: -32000
 * "unknown block"), or by range (fromBlock/toBlock default latest; toBlock past the head is clamped,
 * fromBlock past the head gives []). Two numbers in the wrong order, or more than 10,000 blocks, is -32602;
 * more than 10,000 matching logs is -32000 "query returned more than 10000 results" (narrow the range).
 */
export function eth_getLogs(node: Rollup): MethodHandler {
  return (params) => {
    const [raw] = positionalParams(params, 1)
    const filter = logFilterArgument(raw, 0)
    const store = node.chain.store
    let from: number
    let to: number
    if (filter.blockHash !== undefined) {
      const number = store.numberOfHash(filter.blockHash)
      if (number === undefined) throw toRpcError(new ChainError('UNKNOWN_BLOCK', 'unknown block'))
      from = to = number
    } else {
      const head = node.chain.head
      const bound = (selector: typeof filter.fromBlock): bigint =>
        selector === undefined ? BigInt(head) : 'tag' in selector ? BigInt(resolveBlockNumber(node, selector) ?? head) : selector.number
      const first = bound(filter.fromBlock)
      const last = bound(filter.toBlock)
      // Like geth: two explicit numbers in the wrong order are an error; a tag that resolves below an
      // explicit fromBlock (e.g. fromBlock past the head, toBlock latest) just matches nothing.
      const explicit = filter.fromBlock !== undefined && 'number' in filter.fromBlock && filter.toBlock !== undefined && 'number' in filter.toBlock
      if (first > last && explicit) throw invalidParams(`invalid block range: fromBlock (${first}) is after toBlock (${last})`)
      if (first > last || first > BigInt(head)) return []
      const clamped = last > BigInt(head) ? BigInt(head) : last
      if (clamped - first + 1n > BigInt(MAX_LOG_BLOCK_RANGE)) {
        throw invalidParams(`block range too large: ${clamped - first + 1n} blocks, at most ${MAX_LOG_BLOCK_RANGE} per query`)
      }
      from = Number(first)
      to = Number(clamped)
    }
    const found: LogJson[] = []
    for (let n = from; n <= to; n++) {
      if (store.logCountOf(n) === 0) continue
      const block = store.byNumber(n)
      if (block === undefined) continue
      for (const log of blockLogsJson(block)) {
        if (!matchesLogFilter(log, filter)) continue
        if (found.length >= MAX_LOG_RESULTS) throw toRpcError(new ChainError('LIMIT_EXCEEDED', `query returned more than ${MAX_LOG_RESULTS} results`))
        found.push(log)
      }
    }
    return found
  }
}
