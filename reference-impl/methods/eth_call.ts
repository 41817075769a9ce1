import { toData } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { callArgument } from './callArgument.js'
import { callBound } from './callBound.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/**
 * eth_call: executes a message call on the state of a block (default latest) without changing it and
 * returns the return data; a revert is error 3 with the revert data in `data`.
 */
export function eth_call(node: Rollup): MethodHandler {
  return async (params, context) => {
    const [call, block] = positionalParams(params, 1, 2)
    const request = callArgument(call, 0)
    const at = blockNumberOrHashArgument(block ?? 'latest', 1)
    try {
      return toData(await node.chain.reader.call(readContextAt(node, at), request, callBound(context)))
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
