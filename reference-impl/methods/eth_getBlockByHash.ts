import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { booleanArgument, hashArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** eth_getBlockByHash: the block object with this hash, or null. */
export function eth_getBlockByHash(node: Rollup): MethodHandler {
  return (params) => {
    const [hash, full] = positionalParams(params, 2)
    const blockHash = hashArgument(hash, 0)
    const fullTransactions = booleanArgument(full, 1)
    const number = node.chain.store.numberOfHash(blockHash)
    return number === undefined ? null : node.views.blockResult(number, fullTransactions)
  }
}
