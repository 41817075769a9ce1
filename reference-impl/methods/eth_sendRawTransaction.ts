import { toData } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { dataArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'
import { toRpcError } from './toRpcError.js'

/**
 * eth_sendRawTransaction: executes a signed legacy EIP-155 transaction at once, in a block of its
 * own, and returns its hash. Refusals are -32000 with the reason (typed transaction, bad RLP,
 * signature, chain id, nonce too low/high, underpriced, funds incl. the layer-1 fee, gas limits,
 * size); the chain is then unchanged.
 */
export function eth_sendRawTransaction(node: Rollup): MethodHandler {
  return async (params) => {
    const [data] = positionalParams(params, 1)
    const raw = dataArgument(data, 0)
    try {
      return toData(await node.sendRawTransaction(raw))
    } catch (error) {
      throw toRpcError(error)
    }
  }
}
