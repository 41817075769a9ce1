import { bigIntToBytes } from './hex.js'
import { keccak256 } from './keccak256.js'

/** An ABI argument of a static type: an address (20 bytes) or an unsigned integer. */
export type StaticArgument = Uint8Array | bigint

/** The 4-byte selector of a function signature, e.g. `transfer(address,uint256)`. */
export function selector(signature: string): Uint8Array {
  return keccak256(new TextEncoder().encode(signature)).subarray(0, 4)
}

/** Calldata for a call with static arguments only (addresses, uints): selector + 32-byte words. */
export function encodeCall(signature: string, args: readonly StaticArgument[]): Uint8Array {
  const out = new Uint8Array(4 + 32 * args.length)
  out.set(selector(signature))
  for (const [i, arg] of args.entries()) out.set(word(arg), 4 + 32 * i)
  return out
}

/** ABI encoding of Token.sol's constructor arguments (string, string, uint8, uint256). */
export function encodeTokenConstructor(name: string, symbol: string, decimals: number, supply: bigint): Uint8Array {
  const nameTail = stringTail(name)
  const symbolTail = stringTail(symbol)
  const head = [word(128n), word(BigInt(128 + nameTail.length)), word(BigInt(decimals)), word(supply)]
  return concat([...head, nameTail, symbolTail])
}

function stringTail(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text)
  const padded = new Uint8Array(Math.ceil(bytes.length / 32) * 32)
  padded.set(bytes)
  return concat([word(BigInt(bytes.length)), padded])
}

function word(arg: StaticArgument): Uint8Array {
  const bytes = typeof arg === 'bigint' ? bigIntToBytes(arg) : arg
  const out = new Uint8Array(32)
  out.set(bytes, 32 - bytes.length)
  return out
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
