import type { Rollup } from '../chain/rollup.js'
import { transactionJson } from '../chain/transactionJson.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { hashArgument, quantityArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** eth_getTransactionByBlockHashAndIndex: the transaction at an index of the block with this hash, or null. */
export function eth_getTransactionByBlockHashAndIndex(node: Rollup): MethodHandler {
  return (params) => {
    const [hash, index] = positionalParams(params, 2)
    const number = node.chain.store.numberOfHash(hashArgument(hash, 0))
    const position = quantityArgument(index, 1, 64, 'hexutil.Uint')
    const found = number === undefined ? undefined : node.chain.store.byNumber(number)
    return found === undefined || position >= BigInt(found.transactions.length) ? null : transactionJson(found, Number(position))
  }
}
