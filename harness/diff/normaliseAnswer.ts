/** What stands in for an answer that legitimately differs between two deployments. */
export const CLIENT_VERSION = '<client version>'
export const AT_OR_PAST_COMMON_HEAD = '<at or past the common height>'
export const SUBSCRIPTION_ID = '<subscription id>'

/**
 * Replaces, in one JSON-RPC result, what two correct nodes may legitimately answer differently
 * (the diff's normalisation): `web3_clientVersion` names the client and its build, so any string is
 * the same answer; `eth_blockNumber` moves with each node's head, so any height at or past the
 * height both targets hold (`commonHeight`) is the same answer; `eth_subscribe` answers an id each
 * node picks at random, so any string is the same answer. Key order needs no normalising:
 * the comparison ignores it (JSON objects are unordered).
 */
export function normaliseResult(method: string, result: unknown, commonHeight: number): unknown {
  if (method === 'web3_clientVersion' && typeof result === 'string') return CLIENT_VERSION
  if (method === 'eth_subscribe' && typeof result === 'string') return SUBSCRIPTION_ID
  if (method === 'eth_blockNumber' && typeof result === 'string' && /^0x[0-9a-f]+$/i.test(result)) {
    return Number.parseInt(result, 16) >= commonHeight ? AT_OR_PAST_COMMON_HEAD : result
  }
  return result
}
