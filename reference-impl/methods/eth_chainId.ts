import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** eth_chainId (EIP-695): the chain id as a quantity (default 901 = "0x385"). */
export function eth_chainId(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return toQuantity(node.chain.chainId)
  }
}
