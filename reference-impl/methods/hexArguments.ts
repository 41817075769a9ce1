import { invalidArgument } from './invalidParams.js'

/**
 * Strict decoders of hex JSON-RPC arguments, with geth's (hexutil) error texts. Each takes the
 * argument's position for the message and throws -32602 RpcErrors.
 */

const MAX_UINT64 = (1n << 64n) - 1n
const MAX_UINT256 = (1n << 256n) - 1n

/** QUANTITY: "0x" + hex digits, no leading zeros, at most `bits` bits. */
export function quantityArgument(value: unknown, index: number, bits: 64 | 256 = 256, what = 'hexutil.Big'): bigint {
  if (typeof value !== 'string') throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type ${what}`)
  if (value.length === 0) throw invalidArgument(index, 'empty hex string')
  if (!value.startsWith('0x') && !value.startsWith('0X')) throw invalidArgument(index, 'hex string without 0x prefix')
  const digits = value.slice(2)
  if (digits.length === 0) throw invalidArgument(index, 'hex string "0x"')
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw invalidArgument(index, 'invalid hex string')
  if (digits.length > 1 && digits[0] === '0') throw invalidArgument(index, 'hex number with leading zero digits')
  const number = BigInt(`0x${digits}`)
  if (number > (bits === 64 ? MAX_UINT64 : MAX_UINT256)) throw invalidArgument(index, `hex number > ${bits} bits`)
  return number
}

/** DATA: "0x" + an even number of hex digits (may be empty), at most `maxBytes` bytes. */
export function dataArgument(value: unknown, index: number, maxBytes = Number.POSITIVE_INFINITY): Uint8Array {
  if (typeof value !== 'string') throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type hexutil.Bytes`)
  if (!value.startsWith('0x') && !value.startsWith('0X')) throw invalidArgument(index, 'hex string without 0x prefix')
  const digits = value.slice(2)
  if (digits.length % 2 !== 0) throw invalidArgument(index, 'hex string of odd length')
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw invalidArgument(index, 'invalid hex string')
  if (digits.length / 2 > maxBytes) throw invalidArgument(index, `data too large: ${digits.length / 2} bytes, at most ${maxBytes}`)
  return new Uint8Array(Buffer.from(digits, 'hex'))
}

/** Exactly `bytes` bytes of hex (an address: 20, a hash: 32), any letter case. */
export function fixedDataArgument(value: unknown, index: number, bytes: 20 | 32): Uint8Array {
  const goType = bytes === 20 ? 'common.Address' : 'common.Hash'
  if (typeof value !== 'string') throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type ${goType}`)
  if (!value.startsWith('0x') && !value.startsWith('0X')) throw invalidArgument(index, 'hex string without 0x prefix')
  const digits = value.slice(2)
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw invalidArgument(index, 'invalid hex string')
  if (digits.length !== bytes * 2) throw invalidArgument(index, `hex string has length ${digits.length}, want ${bytes * 2} for ${goType}`)
  return new Uint8Array(Buffer.from(digits, 'hex'))
}

/** An address (20 bytes). */
export function addressArgument(value: unknown, index: number): Uint8Array {
  return fixedDataArgument(value, index, 20)
}

/** A 32-byte hash. */
export function hashArgument(value: unknown, index: number): Uint8Array {
  return fixedDataArgument(value, index, 32)
}

/** A JSON boolean. */
export function booleanArgument(value: unknown, index: number): boolean {
  if (typeof value !== 'boolean') throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type bool`)
  return value
}

/** A storage slot: hex of at most 32 bytes (geth accepts a quantity or a hash here), as a 32-byte word. */
export function storageSlotArgument(value: unknown, index: number): Uint8Array {
  if (typeof value !== 'string') throw invalidArgument(index, `json: cannot unmarshal ${jsonType(value)} into Go value of type string`)
  if (!value.startsWith('0x') && !value.startsWith('0X')) throw invalidArgument(index, 'hex string without 0x prefix')
  const digits = value.slice(2)
  if (digits.length === 0 || !/^[0-9a-fA-F]+$/.test(digits)) throw invalidArgument(index, 'invalid hex string')
  if (digits.length > 64) throw invalidArgument(index, 'hex string too long, want at most 32 bytes')
  return new Uint8Array(Buffer.from(digits.padStart(64, '0'), 'hex'))
}

/** The JSON type name Go's decoder reports ("number", "string", "object", "array", "bool"). */
export function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  if (typeof value === 'boolean') return 'bool'
  return typeof value === 'object' ? 'object' : typeof value
}
