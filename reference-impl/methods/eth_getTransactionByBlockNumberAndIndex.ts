import type { Rollup } from '../chain/rollup.js'
import { transactionJson } from '../chain/transactionJson.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberArgument } from './blockArguments.js'
import { quantityArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { resolveBlockNumber } from './resolveBlock.js'

/** eth_getTransactionByBlockNumberAndIndex: the transaction at an index of a block, or null. */
export function eth_getTransactionByBlockNumberAndIndex(node: Rollup): MethodHandler {
  return (params) => {
    const [block, index] = positionalParams(params, 2)
    const number = resolveBlockNumber(node, blockNumberArgument(block, 0))
    const position = quantityArgument(index, 1, 64, 'hexutil.Uint')
    const found = number === undefined ? undefined : node.chain.store.byNumber(number)
    return found === undefined || position >= BigInt(found.transactions.length) ? null : transactionJson(found, Number(position))
  }
}
