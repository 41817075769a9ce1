import { BLOCK_GAS_LIMIT } from '../chain/chainConstants.js'
import type { CallRequest } from '../chain/stateReader.js'
import { addressArgument, dataArgument, jsonType, quantityArgument } from './hexArguments.js'
import { invalidArgument } from './invalidParams.js'

/** The most gas a call may ask for (geth's default RPC gas cap). */
export const CALL_GAS_CAP = 50_000_000n
const MAX_CALL_DATA = 1 << 20
const MAX_UINT256 = 2n ** 256n - 1n

/**
 * The call object of eth_call / eth_estimateGas: from, to, gas, gasPrice, value, data (or input; both
 * must then agree), each strictly decoded. The fee-market fields and nonce are decoded just as strictly
 * (as geth's TransactionArgs does) though a pre-London node does not use them; unknown members are
 * ignored, as geth's decoder ignores them. A gasPrice and value whose cost (gas * gasPrice + value)
 * passes 256 bits is an invalid argument.
 */
export function callArgument(value: unknown, index: number): CallRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type ethapi.TransactionArgs`)
  }
  const call = value as Record<string, unknown>
  const request: CallRequest = {}
  if (call['from'] !== undefined && call['from'] !== null) request.from = addressArgument(call['from'], index)
  if (call['to'] !== undefined && call['to'] !== null) request.to = addressArgument(call['to'], index)
  if (call['gas'] !== undefined && call['gas'] !== null) {
    const gas = quantityArgument(call['gas'], index, 64, 'hexutil.Uint64')
    request.gas = gas > CALL_GAS_CAP ? CALL_GAS_CAP : gas
  }
  if (call['gasPrice'] !== undefined && call['gasPrice'] !== null) request.gasPrice = quantityArgument(call['gasPrice'], index)
  if (call['value'] !== undefined && call['value'] !== null) request.value = quantityArgument(call['value'], index)
  for (const unused of ['maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    if (call[unused] !== undefined && call[unused] !== null) quantityArgument(call[unused], index)
  }
  if (call['nonce'] !== undefined && call['nonce'] !== null) quantityArgument(call['nonce'], index, 64, 'hexutil.Uint64')
  const data = call['data'] ?? undefined
  const input = call['input'] ?? undefined
  if (data !== undefined && input !== undefined && data !== input) {
    throw invalidArgument(index, 'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data')
  }
  const bytes = input ?? data
  if (bytes !== undefined) request.data = dataArgument(bytes, index, MAX_CALL_DATA)
  // What a transaction of this call would cost must fit 256 bits (the EVM's balances do); past it no
  // account could ever pay it, which is the client's mistake, not the node's.
  const gas = request.gas ?? (BLOCK_GAS_LIMIT > CALL_GAS_CAP ? BLOCK_GAS_LIMIT : CALL_GAS_CAP)
  if ((request.gasPrice ?? 0n) * gas + (request.value ?? 0n) > MAX_UINT256) {
    throw invalidArgument(index, 'gas * gasPrice + value does not fit 256 bits')
  }
  return request
}
