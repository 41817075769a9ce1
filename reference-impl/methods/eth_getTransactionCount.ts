import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { addressArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/** eth_getTransactionCount: the nonce of an address at a block (default latest; pending = latest, there is no pool). */
export function eth_getTransactionCount(node: Rollup): MethodHandler {
  return async (params) => {
    const [address, block] = positionalParams(params, 1, 2)
    const who = addressArgument(address, 0)
    const at = blockNumberOrHashArgument(block ?? 'latest', 1)
    try {
      return toQuantity((await node.chain.reader.account(readContextAt(node, at), who)).nonce)
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
