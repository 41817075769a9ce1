import type { RequirementId } from '../../harness/report/result.js'

/** The transport a JSON-RPC message came over. */
export type RpcTransport = 'http' | 'ws'

/** One JSON-RPC request as the mutant proxy saw it: a single request, or one item of a batch. */
export interface RpcCall {
  /** The request as the client sent it (normally an object; anything JSON inside a batch). */
  request: unknown
  /** `method` when it is a string. */
  method: string | undefined
  /** `params` when it is an array, else []. */
  params: unknown[]
  /** The request's id (undefined for a notification). */
  id: unknown
  notification: boolean
  transport: RpcTransport
  inBatch: boolean
}

/**
 * What to do with a request before it reaches the target: forward it (possibly rewritten), answer it
 * here without forwarding, leave it unanswered, or hang (bounded: only until the proxy stops).
 */
export type RequestAction = { forward: unknown } | { answer: unknown } | { omit: true } | { hang: true }

/** Returned by a response or notification hook: send nothing for this message. */
export const OMIT: unique symbol = Symbol('omit')
export type Omit = typeof OMIT

/** An HTTP answer of the JSON-RPC endpoint as the client will receive it. */
export interface HttpAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** A REST request as the client sent it, with its path relative to the REST base (e.g. `/portfolio`). */
export interface RestRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
}

/** A REST answer: status, headers (lower-case names) and the body bytes. */
export interface RestResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * The behaviour of one broken variant, as hooks the proxy calls. Every hook is optional: a mutant
 * without hooks forwards everything unchanged, byte for byte.
 */
export interface MutantHooks {
  /** A whole batch (non-empty array) before its items are looked at: answer it here, or undefined to go on. */
  batchRequest?(batch: unknown[], transport: RpcTransport): RequestAction | undefined
  /** One request (single or batch item) before forwarding; undefined forwards it unchanged. */
  request?(call: RpcCall): RequestAction | undefined
  /** The response to one request (from the target, or answered by `request`): the response to send, or OMIT. */
  response?(call: RpcCall, response: unknown): unknown
  /** The response items of a batch, in the order they will be sent. */
  batch?(items: unknown[], transport: RpcTransport): unknown[]
  /** The target's answer to a body that was not JSON (the parse-error answer). */
  malformed?(response: unknown, transport: RpcTransport): unknown
  /** A server-sent WebSocket message that answers no request (an `eth_subscription` notification): rewritten, or OMIT. */
  notification?(message: Record<string, unknown>): Record<string, unknown> | Omit
  /** The final HTTP answer of the JSON-RPC endpoint (status, headers, body). */
  http?(answer: HttpAnswer): HttpAnswer
  /** A REST request: `forward()` asks the target; return what the client gets. */
  rest?(request: RestRequest, forward: () => Promise<RestResponse>): Promise<RestResponse>
}

/**
 * One named, deliberately broken variant of a target (the mutant catalogue, proof that the suite is
 * right): the ONE requirement id (ARCHITECTURE.md) it breaks, or null for an equivalent variant that a
 * correct suite must still pass.
 */
export interface MutantDefinition {
  name: string
  requirement: RequirementId | null
  /**
   * Other requirements the same deviation breaks, each as a consequence of it, never a second
   * deviation (e.g. CLIENT-COMPAT: a decimal balance that RPC-STANDARD fails is also one a client
   * library misreads). The variant must then fail exactly `requirement` and these.
   */
  alsoBreaks?: readonly RequirementId[]
  description: string
  /** Extra `l2conf run` options the variant needs (e.g. a short --timeout for one that hangs). */
  runArgs?: readonly string[]
  /** Flags of the reference the variant is certified against, when not the default one (e.g. a longer --history): it gets a reference of its own. */
  reference?: readonly string[]
  /** Fresh hooks (with their own state) for one proxy. */
  create(): MutantHooks
}
