import { L1_FEE_OVERHEAD, L1_FEE_SCALAR } from './chainConstants.js'

/** The layer-1 data fee of one transaction, with the parts the receipt shows. */
export interface L1FeeParts {
  l1GasPrice: bigint
  /** Calldata gas of the raw signed transaction: 4 per zero byte, 16 per other byte. */
  l1GasUsed: bigint
  /** l1GasPrice * (l1GasUsed + overhead) * scalar, rounded down. */
  l1Fee: bigint
}

/**
 * The layer-1 fee a sequencer transaction pays for its share of the batch posted to layer 1
 * (receipt fields l1GasPrice, l1GasUsed, l1Fee, l1FeeScalar). It is charged to the sender on top of
 * the layer-2 gas (gas * gasPrice) and credited to the sequencer fee vault.
 */
export function l1Fee(rawTransaction: Uint8Array, l1GasPrice: bigint): L1FeeParts {
  let gas = 0n
  for (const byte of rawTransaction) gas += byte === 0 ? 4n : 16n
  const fee = (l1GasPrice * (gas + L1_FEE_OVERHEAD) * L1_FEE_SCALAR.numerator) / L1_FEE_SCALAR.denominator
  return { l1GasPrice, l1GasUsed: gas, l1Fee: fee }
}
