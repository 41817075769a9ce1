/** A JSON-RPC 2.0 id as a response echoes it (section 4: String, Number or Null). */
export type JsonRpcId = string | number | null

/** The `error` member of a JSON-RPC 2.0 response (section 5.1). */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/**
 * Encodes a JSON-RPC 2.0 success response (section 5). The result is serialised exactly once, with
 * JSON.stringify; it throws when the result cannot be encoded (a bigint, a cycle), which the
 * dispatcher turns into -32603. A handler answering `undefined` answers `null`.
 */
export function encodeResult(id: JsonRpcId, result: unknown): string {
  const encoded = JSON.stringify(result) as string | undefined
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${encoded ?? 'null'}}`
}

/** Encodes a JSON-RPC 2.0 error response (section 5.1). */
export function encodeError(id: JsonRpcId, error: JsonRpcErrorObject): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify(error)}}`
}
