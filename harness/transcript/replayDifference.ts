import { compareRestAnswers, compareRpcAnswers, type Difference } from '../diff/compareAnswers.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'

/**
 * Fields a correct node fills differently each time it builds the same chain (ARCHITECTURE.md,
 * transcripts): the time a block was sealed, and every hash or root that covers it (a block's hash,
 * its parent's, the state root that includes the block reward's timing, a log's or a
 * transaction's block hash). Replay compares answers with these set aside.
 */
export const VOLATILE_FIELDS: ReadonlySet<string> = new Set(['timestamp', 'hash', 'parentHash', 'blockHash', 'stateRoot', 'receiptsRoot', 'mixHash', 'logsBloom', 'size'])

/** Methods whose answer is about the moving head or the moving layer 1: compared by kind (result or error code), not by value. */
export const HEAD_METHODS: ReadonlySet<string> = new Set(['eth_blockNumber', 'rollup_getInfo', 'rollup_gasPrices', 'eth_gasPrice', 'eth_feeHistory', 'eth_syncing', 'net_peerCount'])

/** Block tags that name a moving block: an answer about one is compared by kind, not by value. */
const MOVING_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])

/** Lookups whose answer is null until a transaction is mined: null on one side is timing, not a difference. */
const MINED_LOOKUPS = new Set(['eth_getTransactionReceipt', 'eth_getTransactionByHash'])

function setAside(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(setAside)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = VOLATILE_FIELDS.has(key) ? '<differs legitimately>' : setAside(item)
  return out
}

function namesMovingBlock(params: unknown): boolean {
  return Array.isArray(params) && params.some((p) => (typeof p === 'string' && MOVING_TAGS.has(p)) || (p !== null && typeof p === 'object' && Object.values(p).some((v) => typeof v === 'string' && MOVING_TAGS.has(v))))
}

function withResult(exchange: Exchange, value: unknown): Exchange {
  const response = exchange.response as Record<string, unknown>
  return { ...exchange, response: { ...response, result: value } }
}

/**
 * How a replayed JSON-RPC answer differs from the recorded one, with the diff's rules
 * (compareRpcAnswers: errors by code, never message; the client version; the head) and replay's
 * own: volatile fields set aside, answers about a moving block or head compared by kind, a
 * not-yet-mined null taken as timing. Null when they agree.
 */
export function replayRpcDifference(request: unknown, recorded: Exchange, replayed: Exchange): Difference | null {
  const method = String((request as { method?: unknown } | null)?.method ?? '')
  const params = (request as { params?: unknown } | null)?.params
  const a = rpcOutcome(recorded)
  const b = rpcOutcome(replayed)
  if (a.kind === 'result' && b.kind === 'result') {
    if (HEAD_METHODS.has(method) || namesMovingBlock(params)) return null
    if (MINED_LOOKUPS.has(method) && (a.value === null || b.value === null)) return null
    return compareRpcAnswers(method, withResult(recorded, setAside(a.value)), withResult(replayed, setAside(b.value)), 0)
  }
  return compareRpcAnswers(method, recorded, replayed, 0)
}

/** How a replayed REST answer differs from the recorded one: the status, then the body with volatile fields set aside. */
export function replayRestDifference(recorded: Exchange, replayed: Exchange): Difference | null {
  const aside = (exchange: Exchange): Exchange => (exchange.response === undefined ? exchange : { ...exchange, response: setAside(exchange.response) })
  return compareRestAnswers(aside(recorded), aside(replayed))
}
