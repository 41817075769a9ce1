import { firstDifference } from '../checks/firstDifference.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { normaliseResult } from './normaliseAnswer.js'

/**
 * How two answers to the same request differ:
 * - `result`: both answered a result, and the results differ at `pointer`;
 * - `result-vs-error`: one answered a result, the other a JSON-RPC error;
 * - `error-code`: both answered an error, with different codes (messages are never compared);
 * - `error-data`: the same error code, with different structured `data` (free text in `data` is
 *   treated like a message and not compared);
 * - `no-answer`: one side gave no usable JSON-RPC answer (time-out, not JSON, ...), the other did,
 *   or both failed differently;
 * - `status` / `body`: REST answers with another HTTP status, or another JSON body (at `pointer`).
 */
export type DifferenceKind = 'result' | 'result-vs-error' | 'error-code' | 'error-data' | 'no-answer' | 'status' | 'body'

/** A difference: its kind, the first differing JSON pointer (`''` for the whole answer) and the two values there. */
export interface Difference {
  kind: DifferenceKind
  pointer: string
  left: unknown
  right: unknown
}

type Side = { kind: 'result'; value: unknown } | { kind: 'error'; code: unknown; data: unknown } | { kind: 'broken'; what: string }

/** Free text (not hex data such as revert data): like a message, it may be worded differently by two correct nodes. */
function isFreeText(value: unknown): boolean {
  return typeof value === 'string' && !/^0x[0-9a-fA-F]*$/.test(value)
}

function sideOf(exchange: Exchange): Side {
  const outcome = rpcOutcome(exchange)
  if (outcome.kind === 'result') return { kind: 'result', value: outcome.value }
  if (outcome.kind === 'error') return { kind: 'error', code: outcome.code, data: outcome.data }
  // What identifies a failure without its message (which names addresses and timings).
  const what = exchange.failure?.code ?? (exchange.response === undefined ? `not JSON (HTTP ${exchange.httpStatus ?? '?'})` : 'not a JSON-RPC response')
  return { kind: 'broken', what }
}

function shown(side: Side): unknown {
  if (side.kind === 'result') return { result: side.value }
  if (side.kind === 'error') return { error: { code: side.code } }
  return { failure: side.what }
}

/**
 * Compares two targets' answers to one JSON-RPC request (the diff's rule): results after
 * normalising (normaliseResult; object key order ignored), errors by code and structured data,
 * never by message text. Returns null when they agree.
 * @example compareRpcAnswers('eth_chainId', a, b, 12) // { kind: 'result', pointer: '', left: '0x385', right: '0x386' }
 */
export function compareRpcAnswers(method: string, left: Exchange, right: Exchange, commonHeight: number): Difference | null {
  const a = sideOf(left)
  const b = sideOf(right)
  if (a.kind === 'result' && b.kind === 'result') {
    const d = firstDifference(normaliseResult(method, a.value, commonHeight), normaliseResult(method, b.value, commonHeight))
    return d === null ? null : { kind: 'result', pointer: d.pointer === '/' ? '' : d.pointer, left: d.left, right: d.right }
  }
  if (a.kind === 'error' && b.kind === 'error') {
    if (a.code !== b.code) return { kind: 'error-code', pointer: '/error/code', left: a.code, right: b.code }
    if ((a.data === undefined || isFreeText(a.data)) && (b.data === undefined || isFreeText(b.data))) return null
    const d = firstDifference(a.data, b.data, '/error/data')
    return d === null ? null : { kind: 'error-data', pointer: d.pointer, left: d.left, right: d.right }
  }
  if (a.kind === 'broken' && b.kind === 'broken' && a.what === b.what) return null
  const kind = a.kind === 'broken' || b.kind === 'broken' ? 'no-answer' : 'result-vs-error'
  return { kind, pointer: '', left: shown(a), right: shown(b) }
}

/**
 * Compares two targets' answers to one REST GET (interface spec 4.4): the HTTP status, then the
 * JSON body (key order ignored; a body that is not JSON is compared as text). Null when they agree.
 */
export function compareRestAnswers(left: Exchange, right: Exchange): Difference | null {
  if (left.failure !== undefined || right.failure !== undefined) {
    const a = left.failure?.code ?? null
    const b = right.failure?.code ?? null
    return a === b ? null : { kind: 'no-answer', pointer: '', left: a ?? { status: left.httpStatus }, right: b ?? { status: right.httpStatus } }
  }
  if (left.httpStatus !== right.httpStatus) return { kind: 'status', pointer: '', left: left.httpStatus, right: right.httpStatus }
  const d = firstDifference(left.response ?? left.rawResponse, right.response ?? right.rawResponse)
  return d === null ? null : { kind: 'body', pointer: d.pointer === '/' ? '' : d.pointer, left: d.left, right: d.right }
}
