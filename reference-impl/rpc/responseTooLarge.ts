import { RpcError } from './rpcError.js'

/** geth's code for an answer past BatchResponseMaxSize (errcodeResponseTooLarge). */
export const RESPONSE_TOO_LARGE = -32003

/**
 * The error answered instead of a response that would pass the response-size bound (a single
 * answer, or a batch's answers together; geth: BatchResponseMaxSize, "response too large").
 */
export function responseTooLarge(maxBytes: number): RpcError {
  return new RpcError(RESPONSE_TOO_LARGE, `response too large (max ${maxBytes} bytes)`)
}
