import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberArgument } from './blockArguments.js'
import { booleanArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { resolveBlockNumber } from './resolveBlock.js'

/** eth_getBlockByNumber: the block object (section 2.1 fields) for a number or tag, or null past the head. */
export function eth_getBlockByNumber(node: Rollup): MethodHandler {
  return (params) => {
    const [block, full] = positionalParams(params, 2)
    const selector = blockNumberArgument(block, 0)
    const fullTransactions = booleanArgument(full, 1)
    const number = resolveBlockNumber(node, selector)
    return number === undefined ? null : node.views.blockResult(number, fullTransactions)
  }
}
