/**
 * The reference node's transport limits (openrpc.json `info.x-limits`, the README and `--help` name
 * the same numbers). They mirror l2geth's HTTP transport: a 5 MiB request body, and a batch cap that
 * keeps one request from monopolising the node.
 */
export const limits = {
  /** Largest HTTP request body, in bytes (l2geth: maxRequestContentLength = 5 MiB); over it: HTTP 413. */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Most items in one JSON-RPC batch; over it: -32600 "batch too large (max 1000)". */
  maxBatchItems: 1000,
  /** Largest WebSocket message, in bytes; over it the socket closes with 1009 (message too big). */
  maxWsPayloadBytes: 5 * 1024 * 1024,
  /**
   * Bytes a WebSocket client may leave unread before it is dropped (close 1008): a reader that
   * cannot keep up with its subscriptions must not grow the node's memory without bound.
   */
  maxWsBufferedBytes: 16 * 1024 * 1024,
  /**
   * Largest response body, in bytes: one answer, or a batch's answers together (geth's
   * BatchResponseMaxSize, 25 MB). An answer that would pass it is the error -32003 "response too
   * large (max 25000000 bytes)", and so is every later item of its batch (they are not executed).
   */
  maxResponseBytes: 25_000_000,
  /**
   * What the eth_call / eth_estimateGas items of one batch may execute together, in milliseconds
   * (each one alone: 5 s, geth's RPCEVMTimeout); past it they answer -32000 "execution aborted".
   */
  batchExecutionMs: 10_000,
  /** How often each WebSocket client is pinged; one missed pong and it is dropped. */
  wsPingIntervalMs: 30_000,
  /** How long an idle HTTP keep-alive connection is held open. */
  httpKeepAliveMs: 30_000,
} as const
