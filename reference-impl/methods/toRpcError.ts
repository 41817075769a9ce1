import { ChainError } from '../chain/chainError.js'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'

/**
 * The one place where the chain's error codes become JSON-RPC errors: refusals and missing blocks
 * -32000 (geth's default code), reverts 3 with the revert data, anything unexpected -32603.
 */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error
  if (error instanceof ChainError) {
    switch (error.code) {
      case 'EXECUTION_REVERTED':
        return new RpcError(ErrorCode.executionReverted, error.message, error.data)
      case 'TX_REJECTED':
      case 'UNKNOWN_BLOCK':
      case 'STATE_UNAVAILABLE':
      case 'EXECUTION_FAILED':
      case 'EXECUTION_TIMEOUT':
      case 'LIMIT_EXCEEDED':
        return new RpcError(ErrorCode.server, error.message)
    }
  }
  return new RpcError(ErrorCode.internal, `internal error: ${error instanceof Error ? error.message : String(error)}`)
}
