import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** eth_blockNumber: the number of the head block. */
export function eth_blockNumber(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return toQuantity(node.chain.head)
  }
}
