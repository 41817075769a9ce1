/**
 * The seam between the node (which answers methods from the state it holds) and the transports
 * (HTTP, WebSocket) that carry JSON-RPC to it.
 */
export type TransportName = 'http' | 'ws'

export interface CallContext {
  transport: TransportName
}

/**
 * Answers one JSON-RPC method call. `params` is the request's params as sent (an array, an object, or
 * undefined); throw an RpcError for a JSON-RPC error answer.
 */
export type MethodHandler = (params: unknown, context: CallContext) => unknown

/** Method name -> handler. */
export type MethodTable = ReadonlyMap<string, MethodHandler>
