import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** eth_gasPrice: the layer-2 gas price (the same value as rollup_gasPrices.l2GasPrice). */
export function eth_gasPrice(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return toQuantity(node.gasPrices.l2GasPrice)
  }
}
