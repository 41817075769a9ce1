import { toData } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { addressArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/** eth_getCode: the code at an address at a block (default latest); "0x" for accounts without code. */
export function eth_getCode(node: Rollup): MethodHandler {
  return async (params) => {
    const [address, block] = positionalParams(params, 1, 2)
    const who = addressArgument(address, 0)
    const at = blockNumberOrHashArgument(block ?? 'latest', 1)
    try {
      return toData(await node.chain.reader.code(readContextAt(node, at), who))
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
