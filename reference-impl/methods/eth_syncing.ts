import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** eth_syncing: false, or {startingBlock, currentBlock, highestBlock} while the node catches up. */
export function eth_syncing(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return node.syncing
  }
}
