import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** net_listening: true (the node answers; it has no peer-to-peer side). */
export function net_listening(): MethodHandler {
  return (params) => {
    positionalParams(params, 0)
    return true
  }
}
