import { toChecksumAddress } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { data } from './data.js'

export type AddressCase = 'lower' | 'checksummed' | 'any'

/**
 * A 20-byte address (schema `address`, pattern `^0x[0-9a-fA-F]{40}$`), lower-case or EIP-55
 * checksummed (a correct node may answer either, and must accept both).
 * @example address('checksummed') // "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", ...
 */
export function address(variant: AddressCase = 'any'): fc.Arbitrary<string> {
  const lower = data({ minLength: 20, maxLength: 20 })
  if (variant === 'lower') return lower
  if (variant === 'checksummed') return lower.map((a) => toChecksumAddress(a))
  return fc.tuple(lower, fc.boolean()).map(([a, checksummed]) => (checksummed ? toChecksumAddress(a) : a))
}
