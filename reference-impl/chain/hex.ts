/** Hex encodings of the Ethereum JSON-RPC conventions (QUANTITY and DATA). */

const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/

/** QUANTITY: `0x`-prefixed, lowercase, no leading zeros (`0x0` for zero). */
export function toQuantity(value: bigint | number): string {
  return `0x${value.toString(16)}`
}

/** DATA: `0x`-prefixed lowercase hex of the bytes, two digits per byte. */
export function toData(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`
}

/** Bytes of a `0x`-prefixed even-length hex string (the caller has validated it, or it throws). */
export function fromHex(hex: string): Uint8Array {
  if (!HEX_BYTES.test(hex)) throw new Error(`not an even-length 0x-prefixed hex string: ${hex.slice(0, 20)}`)
  return new Uint8Array(Buffer.from(hex.slice(2), 'hex'))
}

/** A bigint from big-endian bytes (empty = 0). */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(toData(bytes))
}

/** Minimal big-endian bytes of a non-negative bigint (RLP scalar encoding: 0 is empty). */
export function bigIntToBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0)
  const hex = value.toString(16)
  return new Uint8Array(Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex'))
}
