import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { callArgument } from './callArgument.js'
import { callBound } from './callBound.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/**
 * eth_estimateGas: the least gas limit with which the call succeeds at a block (default latest),
 * layer-2 gas only (the layer-1 fee is paid in wei on top, see the receipt's l1Fee).
 */
export function eth_estimateGas(node: Rollup): MethodHandler {
  return async (params, context) => {
    const [call, block] = positionalParams(params, 1, 2)
    const request = callArgument(call, 0)
    const at = blockNumberOrHashArgument(block ?? 'latest', 1)
    try {
      return toQuantity(await node.chain.reader.estimateGas(readContextAt(node, at), request, callBound(context)))
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
