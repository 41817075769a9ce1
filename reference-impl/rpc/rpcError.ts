/**
 * A JSON-RPC error the reference node answers with. Codes are data (JSON-RPC 2.0 section 5.1 and the
 * Ethereum conventions); the transport layer turns an RpcError into the response's `error` member.
 */
export class RpcError extends Error {
  override readonly name = 'RpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  /** The JSON-RPC `error` member for this error. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

/** JSON-RPC 2.0 and Ethereum error codes the reference node uses (see openrpc.json). */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Transaction rejected, or a server-side condition such as a missing block (geth's default code). */
  server: -32000,
  /** Execution reverted (eth_call, eth_estimateGas); `data` holds the revert data. */
  executionReverted: 3,
} as const
