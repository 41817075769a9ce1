import { boundedJson } from '../checks/boundedJson.js'
import { INVALID_REQUEST, PARSE_ERROR } from '../requirements/RPC-ERRORS.js'

/**
 * What is wrong with a request a client sent through the proxy, on the client's side: a body that
 * is not JSON (JSON-RPC 2.0 section 5.1: the server answers -32700) or JSON that is no request
 * object (-32600). The proxy reports these apart and never charges them to the node; the node's
 * answer is still judged for the code JSON-RPC names (RPC-ERRORS, a SHOULD).
 */
export interface RequestFault {
  kind: 'parse-error' | 'invalid-request'
  /** The error code JSON-RPC 2.0 names for it. */
  code: number
  /** What is wrong, in words (bounded). */
  reason: string
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Why one JSON value is not a JSON-RPC 2.0 request object (section 4): `jsonrpc` "2.0", a string
 * `method`, `params` an array or object when present, `id` a string, number or null when present;
 * null when it is one.
 * @example invalidRequestReason({ jsonrpc: '2.0', method: 1, id: 1 }) // 'method is 1, not a string'
 */
export function invalidRequestReason(item: unknown): string | null {
  if (!isObject(item)) return `${boundedJson(item, 60)} is not a request object`
  if (item.jsonrpc !== '2.0') return `jsonrpc is ${boundedJson(item.jsonrpc, 40)}, not "2.0"`
  if (typeof item.method !== 'string') return `method is ${boundedJson(item.method, 40)}, not a string`
  if (Object.hasOwn(item, 'params') && (item.params === null || typeof item.params !== 'object'))
    return `params is ${boundedJson(item.params, 40)}, not an array or object`
  if (Object.hasOwn(item, 'id') && item.id !== null && typeof item.id !== 'string' && typeof item.id !== 'number')
    return `id is ${boundedJson(item.id, 40)}, not a string, number or null`
  return null
}

/**
 * The client's own fault in a whole request body, or null: not JSON (`raw`), an empty batch, a value
 * that is neither a request object nor a batch, or a single invalid request object. Invalid items
 * inside a batch are the batch's business (batchItemFaults): the valid ones are still the node's.
 */
export function requestFault(request: unknown, raw: boolean): RequestFault | null {
  if (raw) return { kind: 'parse-error', code: PARSE_ERROR, reason: 'the body is not JSON' }
  if (Array.isArray(request)) return request.length === 0 ? { kind: 'invalid-request', code: INVALID_REQUEST, reason: 'an empty batch' } : null
  const reason = invalidRequestReason(request)
  return reason === null ? null : { kind: 'invalid-request', code: INVALID_REQUEST, reason }
}

/** The invalid items of a batch, by index: the client's fault, each answered -32600 by a correct node. */
export function batchItemFaults(batch: readonly unknown[]): Array<{ index: number; reason: string }> {
  const faults: Array<{ index: number; reason: string }> = []
  batch.forEach((item, index) => {
    const reason = invalidRequestReason(item)
    if (reason !== null) faults.push({ index, reason })
  })
  return faults
}
