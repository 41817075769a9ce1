import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { hashArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** eth_getBlockTransactionCountByHash: how many transactions the block with this hash holds, or null. */
export function eth_getBlockTransactionCountByHash(node: Rollup): MethodHandler {
  return (params) => {
    const [hash] = positionalParams(params, 1)
    const number = node.chain.store.numberOfHash(hashArgument(hash, 0))
    const found = number === undefined ? undefined : node.chain.store.byNumber(number)
    return found === undefined ? null : toQuantity(found.transactions.length)
  }
}
