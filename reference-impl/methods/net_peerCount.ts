import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** net_peerCount: "0x0" (a single sequencer has no peers). */
export function net_peerCount(): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return '0x0'
  }
}
