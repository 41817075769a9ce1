import { bytesToHex, hexToBytes as unprefixedHexToBytes } from '@noble/hashes/utils.js'

/**
 * Hex and bytes for the chain recomputations, on the hash library already loaded for keccak:
 * `@ethereumjs/util` would bring its whole crypto stack into every process that reads the
 * requirements table (the CLI among them), about 0.1 s of start-up for three one-line helpers.
 */

/** Bytes as 0x-prefixed lower-case hex. */
export function hexOf(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`
}

/** The bytes of 0x-prefixed hex of an even number of digits (the callers check both). */
export function hexToBytes(hex: string): Uint8Array {
  return unprefixedHexToBytes(hex.slice(2))
}

/** A non-negative integer as the minimal big-endian bytes RLP encodes it with (0 is no bytes). */
export function unpaddedBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array()
  const hex = value.toString(16)
  return unprefixedHexToBytes(hex.length % 2 === 0 ? hex : `0${hex}`)
}
