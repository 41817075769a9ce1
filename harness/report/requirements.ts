import type { Level, RequirementId } from './result.js'

/** One requirement the suite certifies (ARCHITECTURE.md, "Requirements"). */
export interface Requirement {
  id: RequirementId
  level: Level
  what: string
}

/**
 * The requirement table, the one list of requirements; in its order: the rows of the report's requirement matrix
 * and the order of junit.xml's test suites, then LIMITS (the interface document's section 8 leaves
 * limits unstated, so they are measured and reported, never failed). A result whose requirement is
 * not listed here is still reported, after these rows, with the level its results carry.
 */
export const requirements: readonly Requirement[] = [
  { id: 'RPC-ENVELOPE', level: 'MUST', what: 'every response: jsonrpc "2.0", the request\'s id, exactly one of result/error; error has integer code and string message' },
  { id: 'RPC-HTTP', level: 'MUST', what: 'HTTP POST with a JSON body works; batch requests answered per item' },
  { id: 'RPC-WS', level: 'MUST', what: 'every method reachable over HTTP is reachable over WebSocket with the same result' },
  { id: 'RPC-SUBSCRIBE', level: 'MUST', what: 'eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop' },
  { id: 'RPC-STANDARD', level: 'MUST', what: 'each standard method in openrpc.json answers within its result schema' },
  { id: 'RPC-ERRORS', level: 'SHOULD', what: 'malformed JSON -32700, invalid request -32600, unknown method -32601, bad params -32602' },
  { id: 'RANGE-SHAPE', level: 'MUST', what: 'eth_getBlockRange returns an array of block objects with every field of 2.1, hex-encoded' },
  { id: 'RANGE-ORDER', level: 'MUST', what: 'one block per number in [start, end], ascending, both ends inclusive' },
  { id: 'RANGE-TAGS', level: 'MUST', what: 'earliest, latest, pending, hex numbers and plain JSON integers accepted for start and end, each giving the blocks of the equivalent hex range' },
  { id: 'RANGE-FULLTX', level: 'MUST', what: 'true: full transaction objects; false: hashes; the same transactions either way' },
  { id: 'RANGE-CONSISTENT', level: 'MUST', what: 'each block equals what the standard block-by-number and block-by-hash methods return' },
  { id: 'RANGE-INVALID', level: 'SHOULD', what: 'start after end, an oversized range, a bad param: an error, promptly, never a hang' },
  { id: 'INFO-SHAPE', level: 'MUST', what: 'rollup_getInfo: mode "sequencer"/"verifier", syncing boolean, the five counters plain JSON integers' },
  { id: 'INFO-PROGRESS', level: 'SHOULD', what: 'counters never go backwards between calls; ethContext tracks a real layer-1 head' },
  { id: 'GAS-SHAPE', level: 'MUST', what: 'rollup_gasPrices: l1GasPrice and l2GasPrice hex quantities' },
  { id: 'GAS-CONSISTENT', level: 'SHOULD', what: 'eth_gasPrice agrees with l2GasPrice' },
  { id: 'BLOCKED-ACCOUNTS', level: 'MUST', what: 'eth_getAccounts answers an error, over HTTP, WebSocket and inside a batch' },
  { id: 'BLOCKED-SENDTX', level: 'MUST', what: 'eth_sendTransaction answers an error everywhere and changes no state' },
  { id: 'SENDRAW', level: 'MUST', what: 'eth_sendRawTransaction accepts a valid signed transaction (full profile) and rejects garbage with an error' },
  { id: 'CHAIN-INTEGRITY', level: 'MUST', what: 'block hash = keccak of the RLP header (inconclusive when the block adds fields of no known layout); parentHash links; numbers contiguous; roots and timestamps consistent' },
  { id: 'REST-SHAPE', level: 'MUST', what: 'each path in openapi.yaml: 200, JSON content type, body valid against its schema' },
  { id: 'REST-ERRORS', level: 'SHOULD', what: 'unknown path 404; non-GET methods refused; no 5xx on any input the spec allows' },
  { id: 'REST-CONSISTENT', level: 'SHOULD', what: 'totals equal the sum of their parts; percentages sum to 100' },
  { id: 'SPEC-VALID', level: 'MUST', what: 'openrpc.json and openapi.yaml valid against their meta-schemas; every example valid against its schema' },
  { id: 'LIMITS', level: 'INFO', what: 'the limits the target enforces, measured (largest block range, batch, request body, WebSocket message; rate limiting seen)' },
]
