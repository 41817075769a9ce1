import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { MethodHandler } from '../rpc/methodTable.js'

/**
 * A blocked method (section 4.3): always -32601 with a message naming the alternative and
 * `data: {blocked: true, alternative}`, whatever the params; it reads and changes nothing.
 */
export function blockedMethod(message: string, alternative: string): MethodHandler {
  return () => {
    throw new RpcError(ErrorCode.methodNotFound, message, { blocked: true, alternative })
  }
}
