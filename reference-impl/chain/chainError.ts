/**
 * Why the chain refused or could not answer, as a value with a stable code (STYLE rule 5). The
 * JSON-RPC layer maps codes to error codes in one place (methods/toRpcError.ts).
 */
export type ChainErrorCode =
  | 'TX_REJECTED' // a raw transaction the node will not execute: nothing changed
  | 'UNKNOWN_BLOCK' // a state query at a block the chain does not have
  | 'STATE_UNAVAILABLE' // a state query at a block whose state is not served (--state-history)
  | 'EXECUTION_REVERTED' // eth_call / eth_estimateGas hit REVERT; data = revert data
  | 'EXECUTION_FAILED' // eth_call / eth_estimateGas failed otherwise (out of gas, bad opcode, ...)
  | 'EXECUTION_TIMEOUT' // eth_call / eth_estimateGas ran past its time bound (geth: RPCEVMTimeout)
  | 'LIMIT_EXCEEDED' // an answer would pass a documented limit (e.g. eth_getLogs results)

export class ChainError extends Error {
  override readonly name = 'ChainError'
  readonly code: ChainErrorCode
  readonly data: unknown

  constructor(code: ChainErrorCode, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}
