import type { Rollup } from '../chain/rollup.js'
import { receiptJson } from '../chain/receiptJson.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { hashArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** eth_getTransactionReceipt: the receipt with l1GasPrice, l1GasUsed, l1Fee and l1FeeScalar, or null. */
export function eth_getTransactionReceipt(node: Rollup): MethodHandler {
  return (params) => {
    const [hash] = positionalParams(params, 1)
    const location = node.chain.store.locateTransaction(hashArgument(hash, 0))
    const block = location === undefined ? undefined : node.chain.store.byNumber(location.blockNumber)
    return location === undefined || block === undefined ? null : receiptJson(block, location.index)
  }
}
