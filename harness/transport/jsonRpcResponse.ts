import type { Exchange } from './exchange.js'

/** What a JSON-RPC answer says, read without trusting its shape (JSON-RPC 2.0 section 5). */
export type RpcOutcome =
  { kind: 'result'; value: unknown } | { kind: 'error'; code: unknown; message: unknown; data?: unknown } | { kind: 'broken'; reason: string }

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/**
 * Reads one JSON-RPC response object (JSON-RPC 2.0 section 5): its result, its error (code, message
 * and data as sent, unchecked), or why it is neither. Lenient about `jsonrpc` and `id` (the envelope
 * checks judge those); broken when it is not an object, has both or neither of result/error, or an
 * error that is not an object. Use it on the items of a batch answer.
 * @example responseOutcome({ jsonrpc: '2.0', id: 1, result: '0x1' }) // { kind: 'result', value: '0x1' }
 */
export function responseOutcome(response: unknown): RpcOutcome {
  if (response === null || typeof response !== 'object') return { kind: 'broken', reason: `the answer is ${preview(response)}, not a JSON-RPC response object` }
  if (Array.isArray(response)) return { kind: 'broken', reason: `the answer is an array of ${response.length} (a batch answer), not a single response` }
  const hasResult = Object.hasOwn(response, 'result')
  const hasError = Object.hasOwn(response, 'error')
  if (hasResult && hasError) return { kind: 'broken', reason: 'the response has both result and error' }
  if (hasResult) return { kind: 'result', value: (response as { result: unknown }).result }
  if (!hasError) return { kind: 'broken', reason: `the response has neither result nor error: ${preview(response)}` }
  const error = (response as { error: unknown }).error
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return { kind: 'broken', reason: `error is ${preview(error)}, not an object` }
  const { code, message } = error as { code?: unknown; message?: unknown }
  return Object.hasOwn(error, 'data') ? { kind: 'error', code, message, data: (error as { data: unknown }).data } : { kind: 'error', code, message }
}

/**
 * Reads the JSON-RPC answer of an exchange with a single request (RPC-ENVELOPE's reading of section 5):
 * broken when the harness got no usable answer (`failure`), the body was not JSON, or the JSON is not
 * one response object; otherwise as `responseOutcome`.
 * @example const outcome = rpcOutcome(await http.call('eth_chainId')); if (outcome.kind === 'result') use(outcome.value)
 */
export function rpcOutcome(exchange: Exchange): RpcOutcome {
  if (exchange.failure !== undefined) return { kind: 'broken', reason: `no usable answer: ${exchange.failure.message} (${exchange.failure.code})` }
  if (exchange.response === undefined) {
    const status = exchange.httpStatus === undefined ? '' : ` (HTTP ${exchange.httpStatus})`
    return { kind: 'broken', reason: `the answer is not JSON${status}: ${preview(exchange.rawResponse ?? '')}` }
  }
  return responseOutcome(exchange.response)
}
