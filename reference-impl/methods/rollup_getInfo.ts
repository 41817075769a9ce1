import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** rollup_getInfo (section 2.2): mode, syncing, ethContext and rollupContext, counters as plain JSON integers. */
export function rollup_getInfo(node: Rollup): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return node.info()
  }
}
