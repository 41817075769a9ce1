import type { HarnessErrorCode } from '../errors/harnessError.js'

/** A JSON-RPC 2.0 request object as the harness sends it. */
export interface JsonRpcRequest {
  jsonrpc: '2.0'
  method: string
  params?: unknown[] | Record<string, unknown>
  id?: number | string | null
}

/** How an exchange travelled: HTTP (JSON-RPC POSTs and the REST API) or WebSocket (interface spec 4.1). */
export type TransportKind = 'http' | 'ws'

/**
 * One request/response exchange with a target: what was sent, what came back, how long it took.
 * Checks are functions of exchanges; reports print them as evidence.
 * What describes the answer:
 * - `failure`: the harness got no usable answer (timeout, unreachable, too large, closed, rate limited).
 *   Read it first: when it is set, `rawResponse`/`response` may still hold what did come back, as
 *   evidence only (the start of an oversized body, the body of the last 429).
 * - otherwise `response`: the parsed JSON body (object, array, anything JSON);
 * - otherwise `rawResponse`: a body that was not JSON (truncated to a readable length).
 * Secret header values (TransportOptions.headers) are never recorded: only their names, in `secretHeaders`.
 */
export interface Exchange {
  transport: TransportKind
  /** The target address, with any user:password part of it masked. */
  url: string
  /**
   * The JSON value sent; for deliberately malformed requests, the raw text. For REST
   * (`protocol: 'rest'`), `{ method, url, headers }` where headers are the probe's own, never secrets.
   */
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
  /** 'rest' for the treasury REST client; absent for JSON-RPC (over `transport` http or ws). */
  protocol?: 'rest'
  /** HTTP method of a JSON-RPC exchange over HTTP when it was not POST (probes of the HTTP transport). */
  httpMethod?: string
  /** Headers the harness set on a JSON-RPC HTTP probe besides the defaults (e.g. another Content-Type); never secrets. */
  requestHeaders?: Record<string, string>
  /** Names (never values) of the configured headers (auth) that were sent with the request. */
  secretHeaders?: readonly string[]
  /** Size of the response body in bytes as received (up to the cap). */
  responseBytes?: number
  /** How many times the request was sent, when more than once (retries after 429). */
  attempts?: number
  /**
   * WebSocket only: frames that arrived while this request waited and matched no request (a wrong id,
   * garbage, unsolicited messages): how many, and the first few (truncated), as evidence.
   */
  strayFrames?: { count: number; samples: string[] }
}
