import { keccak_256 } from '@noble/hashes/sha3.js'

/** Keccak-256 (the Ethereum hash): block and transaction hashes, storage slots, topics. */
export function keccak256(bytes: Uint8Array): Uint8Array {
  return keccak_256(bytes)
}
