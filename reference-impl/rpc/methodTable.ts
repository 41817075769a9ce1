/**
 * The seam between the node (which answers methods from the state it holds) and the transports
 * (HTTP, WebSocket) that carry JSON-RPC to it.
 */
export type TransportName = 'http' | 'ws'

export interface CallContext {
  transport: TransportName
  /**
   * Set for the items of a batch: what their EVM execution (eth_call, eth_estimateGas) may take
   * together, in milliseconds, and the performance.now() instant it ends, so a batch's work is
   * bounded as a whole.
   */
  batchExecution?: { ms: number; deadline: number }
  /**
   * The response-size bound: `max` bytes for one response body (a batch's answers together), of
   * which `left` are still free for this answer. A method that builds a large answer stops as soon
   * as it would pass `left` (the dispatcher checks every answer anyway).
   */
  responseBytes?: { max: number; left: number }
}

/**
 * Answers one JSON-RPC method call. `params` is the request's params as sent (an array, an object, or
 * undefined); throw an RpcError for a JSON-RPC error answer.
 */
export type MethodHandler = (params: unknown, context: CallContext) => unknown

/** Method name -> handler. */
export type MethodTable = ReadonlyMap<string, MethodHandler>
