import { toData } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { blockNumberOrHashArgument } from './blockArguments.js'
import { addressArgument, storageSlotArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { readContextAt } from './resolveBlock.js'
import { toRpcError } from './toRpcError.js'

/** eth_getStorageAt: the 32-byte value of a storage slot of an address at a block (default latest). */
export function eth_getStorageAt(node: Rollup): MethodHandler {
  return async (params) => {
    const [address, slot, block] = positionalParams(params, 2, 3)
    const who = addressArgument(address, 0)
    const key = storageSlotArgument(slot, 1)
    const at = blockNumberOrHashArgument(block ?? 'latest', 2)
    try {
      return toData(await node.chain.reader.storage(readContextAt(node, at), who, key))
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
