import type { MutantDefinition, MutantHooks, RpcCall } from '../mutant.js'
import { errorAnswer, hasResult, isObject } from '../rpcMessage.js'

const RANGE = 'eth_getBlockRange'

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)
const isHex = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)

/** An eth_getBlockRange call with its start and end rewritten (the fullTransactions flag kept). */
function withBounds(call: RpcCall, start: unknown, end: unknown): { forward: unknown } {
  return { forward: { ...(call.request as Record<string, unknown>), params: [start, end, ...call.params.slice(2)] } }
}

/** The head block as geth's GetBlockByNumber shows the pending block: number, hash, nonce and miner unknown (null). */
function asPendingBlock(block: unknown): unknown {
  return isObject(block) ? { ...block, number: null, hash: null, nonce: null, miner: null } : block
}

/**
 * Broken variants of the block parameter of eth_getBlockRange (interface section 4.2: a tag, a hex
 * quantity or a plain JSON integer, at start and at end): RANGE-TAGS, as real l2geth versions got
 * it wrong (integers refused, tags not resolved before the walk). Plus, for the standard methods, an
 * equivalent variant: the pending block with its unknown seal null, as geth and Hardhat answer it.
 */
export const blockParamMutants: MutantDefinition[] = [
  {
    name: 'range-integer-refused',
    requirement: 'RANGE-TAGS',
    description: 'like l2geth, a plain JSON integer bound is refused: -32602 "hex string without 0x prefix" (tags and hex quantities work)',
    create: (): MutantHooks => ({
      request(call) {
        if (call.method !== RANGE) return undefined
        const index = call.params.slice(0, 2).findIndex(isInteger)
        return index === -1 ? undefined : { answer: errorAnswer(call.id, -32602, `invalid argument ${index}: hex string without 0x prefix`) }
      },
    }),
  },
  {
    name: 'range-integer-as-hex-digits',
    requirement: 'RANGE-TAGS',
    description: 'a plain JSON integer bound is read as hex digits ("0x" + its decimal digits): 12 names block 0x12 = 18',
    create: (): MutantHooks => ({
      request(call) {
        const [start, end] = call.params
        if (call.method !== RANGE || (!isInteger(start) && !isInteger(end))) return undefined
        const misread = (bound: unknown): unknown => (isInteger(bound) ? `0x${bound}` : bound)
        return withBounds(call, misread(start), misread(end))
      },
    }),
  },
  {
    name: 'range-pending-start-unresolved',
    requirement: 'RANGE-TAGS',
    description:
      'like Mantle\'s l2geth, "pending" as the start counts as -2 before the walk: the answer begins with the pending block (number and seal null), then the range',
    create: (): MutantHooks => ({
      request: (call) => (call.method === RANGE && call.params[0] === 'pending' ? withBounds(call, 'latest', call.params[1]) : undefined),
      response(call, response) {
        if (call.method !== RANGE || call.params[0] !== 'pending' || !hasResult(response) || !Array.isArray(response.result) || response.result.length === 0)
          return response
        return { ...response, result: [asPendingBlock(response.result[0]), ...response.result] }
      },
    }),
  },
  {
    name: 'range-latest-start-unresolved',
    requirement: 'RANGE-TAGS',
    description:
      'like l2geth, "latest" as the start counts as -1 before the walk: with a numeric end the answer is the head, then blocks 0 to the end (not ascending)',
    create: (): MutantHooks => ({
      request(call) {
        const end = call.params[1]
        return call.method === RANGE && call.params[0] === 'latest' && (isHex(end) || isInteger(end)) ? withBounds(call, '0x0', end) : undefined
      },
      response(call, response) {
        const end = call.params[1]
        if (call.method !== RANGE || call.params[0] !== 'latest' || !(isHex(end) || isInteger(end)) || !hasResult(response) || !Array.isArray(response.result))
          return response
        return { ...response, result: [response.result.at(-1), ...response.result] }
      },
    }),
  },
  {
    name: 'standard-latest-seal-null',
    requirement: 'RPC-STANDARD',
    // ethers reads the latest block for its fee data and gas price: a latest block without a number makes it throw.
    alsoBreaks: ['CLIENT-COMPAT'],
    description:
      'eth_getBlockByNumber("latest") answers the head as the pending block, number, hash, nonce and miner null (a node that serves "latest" from its pending block)',
    create: (): MutantHooks => ({
      response: (call, response) =>
        call.method === 'eth_getBlockByNumber' && call.params[0] === 'latest' && hasResult(response)
          ? { ...response, result: asPendingBlock(response.result) }
          : response,
    }),
  },
  {
    name: 'equivalent-pending-seal-null',
    requirement: null,
    description:
      'eth_getBlockByNumber("pending") answers number, hash, nonce, miner and mixHash null, as geth and Hardhat do for the block still being built: a correct answer',
    create: (): MutantHooks => ({
      response(call, response) {
        if (call.method !== 'eth_getBlockByNumber' || call.params[0] !== 'pending' || !hasResult(response)) return response
        const pending = asPendingBlock(response.result)
        return { ...response, result: isObject(pending) ? { ...pending, mixHash: null } : pending }
      },
    }),
  },
]
