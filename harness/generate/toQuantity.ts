/**
 * Encodes a non-negative integer as a JSON-RPC QUANTITY ("0x" + lower-case hex, no leading zeros,
 * "0x0" for zero), the encoding of the Ethereum JSON-RPC conventions.
 * @example toQuantity(1000n) // "0x3e8"
 */
export function toQuantity(value: bigint | number): string {
  const n = BigInt(value)
  if (n < 0n) throw new RangeError(`a QUANTITY is non-negative, got ${n}`)
  return `0x${n.toString(16)}`
}
