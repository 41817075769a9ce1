import type { HarnessErrorCode } from '../errors/harnessError.js'

/** A JSON-RPC 2.0 request object as the harness sends it. */
export interface JsonRpcRequest {
  jsonrpc: '2.0'
  method: string
  params?: unknown[] | Record<string, unknown>
  id?: number | string | null
}

export type TransportKind = 'http' | 'ws'

/**
 * One request/response exchange with a target: what was sent, what came back, how long it took.
 * Checks are functions of exchanges; reports print them as evidence.
 * Exactly one of `response` / `rawResponse` / `failure` describes the answer:
 * - `response`: the parsed JSON body (object, array, anything JSON);
 * - `rawResponse`: a body that was not JSON (truncated to a readable length);
 * - `failure`: the harness got no usable answer (timeout, unreachable, too large, closed).
 */
export interface Exchange {
  transport: TransportKind
  url: string
  /** The JSON value sent; for deliberately malformed requests, the raw text. */
  request: unknown
  /** True when `request` is raw text sent as-is (malformed JSON probes). */
  requestIsRaw?: boolean
  response?: unknown
  rawResponse?: string
  httpStatus?: number
  /** Response headers, lower-case names. */
  headers?: Record<string, string>
  failure?: { code: HarnessErrorCode; message: string }
  startedAt: number
  durationMs: number
}
