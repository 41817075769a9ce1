import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { sharedPatterns } from './sharedPatterns.js'

const dataRe = new RegExp(sharedPatterns.data)

export interface DataOptions {
  /** Fewest bytes, default 0 ("0x"). */
  minLength?: number
  /** Most bytes, default 64. */
  maxLength?: number
}

/**
 * DATA: hex-encoded bytes, an even number of lower-case digits (schema `data`,
 * pattern `^0x([0-9a-f]{2})*$`), "0x" for none. Lengths count bytes. Shrinks toward fewer, zero bytes.
 * @example data({ maxLength: 4 }) // "0x", "0x00ff", "0xdeadbeef", ...
 */
export function data(options: DataOptions = {}): fc.Arbitrary<string> {
  const minLength = options.minLength ?? 0
  const maxLength = options.maxLength ?? Math.max(64, minLength)
  return fc.uint8Array({ minLength, maxLength }).map(bytesToHex, (value) => {
    if (typeof value !== 'string' || !dataRe.test(value)) throw new Error('not DATA')
    const bytes = new Uint8Array(hexToBytes(value as `0x${string}`))
    if (bytes.length < minLength || bytes.length > maxLength) throw new Error('DATA of the wrong length')
    return bytes
  })
}
