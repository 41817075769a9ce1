import type { MutantHooks } from './mutant.js'
import { hasResult, isObject } from './rpcMessage.js'

type Block = Record<string, unknown>

/** The methods whose results are blocks (a block, or for eth_getBlockRange an array of them). */
const BLOCK_METHODS = new Set(['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getBlockRange'])

function mapBlocks(result: unknown, fn: (block: Block) => Block): unknown {
  if (Array.isArray(result)) return result.map((block) => (isObject(block) ? fn(block) : block))
  return isObject(result) ? fn(result) : result
}

/**
 * Hooks that rewrite every block the target shows, the same way wherever it shows it: the results of
 * eth_getBlockByNumber, eth_getBlockByHash and eth_getBlockRange (HTTP, WebSocket, batches) and the
 * headers of newHeads notifications. A change made consistently breaks only what looks inside a
 * block (its shape or its hash), never the agreement between methods.
 */
export function everyBlock(fn: (block: Block) => Block): MutantHooks {
  return {
    response(call, response) {
      if (call.method === undefined || !BLOCK_METHODS.has(call.method) || !hasResult(response)) return response
      return { ...response, result: mapBlocks(response.result, fn) }
    },
    notification(message) {
      const params = message.params
      if (message.method !== 'eth_subscription' || !isObject(params) || !isObject(params.result)) return message
      const header = params.result
      if (!('parentHash' in header) || !('number' in header)) return message
      return { ...message, params: { ...params, result: fn(header) } }
    },
  }
}

/** A response hook on eth_getBlockRange's result blocks only (what the other block methods say stays as it is). */
export function rangeBlocksOnly(fn: (block: Block, index: number, params: unknown[]) => Block): MutantHooks {
  return {
    response(call, response) {
      if (call.method !== 'eth_getBlockRange' || !hasResult(response) || !Array.isArray(response.result)) return response
      return { ...response, result: response.result.map((block, i) => (isObject(block) ? fn(block, i, call.params) : block)) }
    },
  }
}
