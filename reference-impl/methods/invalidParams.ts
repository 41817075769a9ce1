import { ErrorCode, RpcError } from '../rpc/rpcError.js'

/** -32602 for argument `index`, worded like geth: "invalid argument 0: hex string without 0x prefix". */
export function invalidArgument(index: number, reason: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, `invalid argument ${index}: ${reason}`)
}

/** -32602 with a message of its own (arity, ranges). */
export function invalidParams(message: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, message)
}
