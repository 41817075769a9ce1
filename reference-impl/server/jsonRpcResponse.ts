import { RawJson } from '../rpc/rawJson.js'

/** A JSON-RPC 2.0 id as a response echoes it (section 4: String, Number or Null). */
export type JsonRpcId = string | number | null

/** The `error` member of a JSON-RPC 2.0 response (section 5.1). */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/**
 * The JSON text of frozen results. A frozen object is a promise that it never changes (the node
 * freezes the block objects it caches), so it is serialised once however often it is asked for;
 * the entry goes when the object does.
 */
const frozenJson = new WeakMap<object, string>()

/** A result as JSON text: `undefined` as null; throws on what JSON cannot hold (a bigint, a cycle). */
export function resultJson(result: unknown): string {
  if (result instanceof RawJson) return result.text
  if (typeof result === 'object' && result !== null && Object.isFrozen(result)) {
    let text = frozenJson.get(result)
    if (text === undefined) {
      text = JSON.stringify(result)
      frozenJson.set(result, text)
    }
    return text
  }
  return (JSON.stringify(result) as string | undefined) ?? 'null'
}

/**
 * Encodes a JSON-RPC 2.0 success response (section 5). The result is serialised once, with
 * JSON.stringify (and a frozen result only the first time it is seen); it throws when the result
 * cannot be encoded, which the dispatcher turns into -32603. A handler answering `undefined`
 * answers `null`.
 */
export function encodeResult(id: JsonRpcId, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson(result)}}`
}

/** Encodes a JSON-RPC 2.0 error response (section 5.1). */
export function encodeError(id: JsonRpcId, error: JsonRpcErrorObject): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify(error)}}`
}
