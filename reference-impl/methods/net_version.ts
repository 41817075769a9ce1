import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** net_version: the network id as a decimal string (the chain id here). */
export function net_version(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return String(node.chain.chainId)
  }
}
