import { requirement } from './requirement.js'

/** RPC-ERRORS: the error codes JSON-RPC 2.0 names, where it names one. */
export const row = requirement({
  id: 'RPC-ERRORS',
  level: 'SHOULD',
  text: 'malformed JSON -32700, invalid request -32600, unknown method -32601, bad params -32602',
  section: '7; JSON-RPC 2.0, section 5.1',
})

/** The codes of JSON-RPC 2.0, section 5.1. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602

/** A request cut short before its closing brace: not JSON. */
export const MALFORMED_JSON = '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1'

/** Params of the wrong type or encoding for methods every node serves, each with what is wrong. */
export const INVALID_PARAMS_CALLS: ReadonlyArray<readonly [string, string, readonly unknown[]]> = [
  ['a block number that is not hex', 'eth_getBlockByNumber', ['0xZZ', false]],
  ['a 2-byte address', 'eth_getBalance', ['0x1234', 'latest']],
]

/**
 * Generated invalid params per method: at least this many, else half of --runs (each is one call,
 * and a node that refuses one invalid param usually refuses them all).
 */
export const MIN_INVALID_PARAMS_RUNS = 5

/** A subscription kind no node knows. */
export const UNKNOWN_SUBSCRIPTION = 'l2confNoSuchEvent'

export { checkIsError } from '../checks/outcomeFindings.js'
