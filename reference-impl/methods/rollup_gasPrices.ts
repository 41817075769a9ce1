import { toQuantity } from '../chain/hex.js'
import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** rollup_gasPrices (section 2.3): the layer-1 and layer-2 gas prices as hex quantities. */
export function rollup_gasPrices(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    const prices = node.gasPrices
    return { l1GasPrice: toQuantity(prices.l1GasPrice), l2GasPrice: toQuantity(prices.l2GasPrice) }
  }
}
