import type { Rollup } from '../chain/rollup.js'
import { transactionJson } from '../chain/transactionJson.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { hashArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** eth_getTransactionByHash: the transaction object with the layer-2 fields, or null. */
export function eth_getTransactionByHash(node: Rollup): MethodHandler {
  return (params) => {
    const [hash] = positionalParams(params, 1)
    const location = node.chain.store.locateTransaction(hashArgument(hash, 0))
    const block = location === undefined ? undefined : node.chain.store.byNumber(location.blockNumber)
    return location === undefined || block === undefined ? null : transactionJson(block, location.index)
  }
}
