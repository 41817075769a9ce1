import { bigIntToBytes } from './hex.js'
import { keccak256 } from './keccak256.js'

/** The token fields genesis writes: what treasury.config.json gives for each token. */
export interface GenesisToken {
  name: string
  symbol: string
  decimals: number
  totalSupply: bigint
  balances: ReadonlyMap<string, bigint>
}

/** Slots of Token.sol's state variables (from the compiler's storageLayout in Token.json). */
export interface TokenLayout {
  name: bigint
  symbol: bigint
  decimals: bigint
  totalSupply: bigint
  balanceOf: bigint
}

/** One storage write: 32-byte slot -> value (minimal big-endian bytes; the trie stores it RLP-encoded). */
export type StorageEntry = readonly [slot: Uint8Array, value: Uint8Array]

/**
 * The storage of a Token.sol instance holding `token`, computed from the Solidity storage layout:
 * value types at their slot, strings inline when shorter than 32 bytes (data left-aligned, length*2
 * in the last byte) or as length*2+1 with the data from keccak(slot), and balanceOf[a] at
 * keccak(pad32(a) . pad32(slot)).
 */
export function tokenGenesisStorage(token: GenesisToken, layout: TokenLayout): StorageEntry[] {
  const entries: StorageEntry[] = [
    ...stringEntries(layout.name, token.name),
    ...stringEntries(layout.symbol, token.symbol),
    [word(layout.decimals), bigIntToBytes(BigInt(token.decimals))],
    [word(layout.totalSupply), bigIntToBytes(token.totalSupply)],
  ]
  for (const [address, balance] of token.balances) entries.push([mappingSlot(address, layout.balanceOf), bigIntToBytes(balance)])
  return entries.filter(([, value]) => value.length > 0)
}

/** keccak256(pad32(key address) . pad32(slot)): where `mapping(address => ...)` at `slot` keeps key. */
export function mappingSlot(address: string, slot: bigint): Uint8Array {
  const preimage = new Uint8Array(64)
  preimage.set(Buffer.from(address.slice(2).toLowerCase(), 'hex'), 12)
  preimage.set(word(slot), 32)
  return keccak256(preimage)
}

function stringEntries(slot: bigint, text: string): StorageEntry[] {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length < 32) {
    const value = new Uint8Array(32)
    value.set(bytes)
    value[31] = bytes.length * 2
    return [[word(slot), trimLeadingZeros(value)]]
  }
  const entries: StorageEntry[] = [[word(slot), bigIntToBytes(BigInt(bytes.length * 2 + 1))]]
  const base = BigInt(`0x${Buffer.from(keccak256(word(slot))).toString('hex')}`)
  for (let i = 0; i * 32 < bytes.length; i++) {
    const chunk = new Uint8Array(32)
    chunk.set(bytes.subarray(i * 32, i * 32 + 32))
    entries.push([word(base + BigInt(i)), trimLeadingZeros(chunk)])
  }
  return entries
}

/** A 32-byte big-endian word. */
function word(value: bigint): Uint8Array {
  const out = new Uint8Array(32)
  out.set(bigIntToBytes(value), 32 - bigIntToBytes(value).length)
  return out
}

function trimLeadingZeros(bytes: Uint8Array): Uint8Array {
  let i = 0
  while (i < bytes.length && bytes[i] === 0) i++
  return bytes.subarray(i)
}
