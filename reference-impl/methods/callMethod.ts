import type { MethodTable } from '../rpc/methodTable.js'
import { RawJson } from '../rpc/rawJson.js'
import { RpcError } from '../rpc/rpcError.js'

/** A JSON-RPC answer as the transports would put it: a result, or an error member. */
export type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * Calls `method` on a method table the way a transport does (unknown method -32601, RpcError ->
 * error member, anything else -32603) and returns the answer after a JSON round trip, so callers see
 * exactly what would go on the wire. For tests and tools that use the node without a server.
 */
export async function callMethod(methods: MethodTable, method: string, params?: unknown): Promise<Answer> {
  const handler = methods.get(method)
  if (handler === undefined) return { error: { code: -32601, message: `the method ${method} does not exist/is not available` } }
  try {
    const result = await handler(params, { transport: 'http' })
    return { result: JSON.parse(result instanceof RawJson ? result.text() : JSON.stringify(result ?? null)) as unknown }
  } catch (error) {
    if (error instanceof RpcError) return { error: JSON.parse(JSON.stringify(error.toJSON())) as { code: number; message: string; data?: unknown } }
    return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }
  }
}

/** The result of `answer`, or a thrown Error carrying the error member (for tests that expect success). */
export function resultOf(answer: Answer): unknown {
  if ('error' in answer) throw new Error(`expected a result, got error ${answer.error.code}: ${answer.error.message}`)
  return answer.result
}
