import type { MutantDefinition, RpcCall } from '../mutant.js'
import { isObject } from '../rpcMessage.js'

/** The range of the spec's example of eth_getBlockRange (openrpc.json, "twoBlocksWithHashes"), in either form: one no generated range is bound to ask. */
const EXAMPLE_RANGE = JSON.stringify(['0x1', '0x2'])

/**
 * A request as viem, web3.js and ethers write it: their members come in another order than the
 * suite's own requests (`jsonrpc`, `method`, `params`, `id`), which is what the variant sees of a
 * library's call (its hooks see the JSON-RPC message, not the HTTP headers).
 */
const fromLibrary = (call: RpcCall): boolean => isObject(call.request) && Object.keys(call.request)[1] !== 'method'

/** An eth_getBlockRange answer of two or more blocks listed newest first; any other answer as it is. */
function newestFirst(call: RpcCall, response: unknown): unknown {
  if (call.method !== 'eth_getBlockRange' || !isObject(response) || !Array.isArray(response.result) || response.result.length < 2) return response
  return { ...response, result: [...(response.result as unknown[])].reverse() }
}

/**
 * Variants that misbehave only for calls the dedicated checks do not make: a library's call, one
 * example's params, a request that is not JSON. Only the passive judge, which judges every answer
 * whoever asked, sees them, and it charges each to the requirement of the rule it breaks.
 */
export const passingMutants: MutantDefinition[] = [
  {
    name: 'passing-range-newest-first-for-libraries',
    requirement: 'RANGE-ORDER',
    description:
      "eth_getBlockRange lists its blocks newest first only for a client library's call (its request's members in a library's order, not the suite's): the suite's own range checks get them in order, viem, web3.js and ethers do not",
    create: () => ({ response: (call, response) => (fromLibrary(call) ? newestFirst(call, response) : response) }),
  },
  {
    name: 'passing-range-newest-first-for-the-example',
    requirement: 'RANGE-ORDER',
    // Both forms (hashes, full transactions) alike, so they still agree block by block (RANGE-FULLTX holds).
    description: `eth_getBlockRange lists its blocks newest first only for the range of the spec's example, ${EXAMPLE_RANGE}, in either form: every generated range is in order`,
    create: () => ({ response: (call, response) => (JSON.stringify(call.params.slice(0, 2)) === EXAMPLE_RANGE ? newestFirst(call, response) : response) }),
  },
  {
    name: 'passing-parse-error-without-id',
    requirement: 'RPC-ENVELOPE',
    description:
      'a body that is not JSON is answered -32700 as JSON-RPC names it, but with no id member at all (JSON-RPC 2.0 section 5: the id is required, null when it cannot be read); the error code is right',
    create: () => ({
      malformed: (response) => {
        if (!isObject(response) || !Object.hasOwn(response, 'id')) return response
        const { id: _id, ...rest } = response
        return rest
      },
    }),
  },
]
