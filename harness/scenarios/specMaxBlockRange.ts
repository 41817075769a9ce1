import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'

/**
 * `x-limits.maxBlockRange` of openrpc.json: the most blocks one eth_getBlockRange call answers
 * (the interface document, section 8, leaves it unstated; the spec names it). Null when the spec
 * states no such limit, or states it as something other than a positive integer.
 */
export function specMaxBlockRange(spec: OpenRpcSpec): number | null {
  const limit = spec.limits['maxBlockRange']
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? limit : null
}
