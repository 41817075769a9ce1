import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberArgument } from './blockArguments.js'
import { positionalParams } from './positionalParams.js'
import { resolveBlockNumber } from './resolveBlock.js'

/** eth_getBlockTransactionCountByNumber: how many transactions the block holds (0 at genesis, 1 after), or null. */
export function eth_getBlockTransactionCountByNumber(node: Rollup): MethodHandler {
  return (params) => {
    const [block] = positionalParams(params, 1)
    const number = resolveBlockNumber(node, blockNumberArgument(block, 0))
    const found = number === undefined ? undefined : node.chain.store.byNumber(number)
    return found === undefined ? null : toQuantity(found.transactions.length)
  }
}
