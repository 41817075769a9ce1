import { hexToBytes } from '@ethereumjs/util'
import * as fc from 'fast-check'
import { signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import { address } from './address.js'
import { data } from './data.js'

export interface SignedLegacyTxOptions {
  /** The signer's 32-byte private key, hex ("0x…") or bytes. */
  privateKey: string | Uint8Array
  chainId: bigint | number
  nonce: bigint | number
  gasPrice: bigint | number
  /** The recipient; default a random address; null makes a contract creation. */
  to?: string | null
  /** The largest value sent, in wei (default 10^15: a node's funded accounts can always pay it). */
  maxValue?: bigint
  /** The most calldata bytes (default 32). */
  maxDataLength?: number
}

/** A signed legacy transaction and what it carries, ready for eth_sendRawTransaction. */
export interface SignedLegacyTx {
  /** The RLP-encoded signed transaction (eth_sendRawTransaction's param). */
  raw: string
  /** keccak256(raw): what eth_sendRawTransaction must answer. */
  hash: string
  /** The signer's address, lower-case. */
  from: string
  to: string | null
  nonce: bigint
  gasPrice: bigint
  gasLimit: bigint
  value: bigint
  data: string
  chainId: bigint
}

/**
 * Gas a transaction with this calldata needs before execution, on any fork up to Prague: the
 * Berlin rule (21000, +32000 and EIP-3860's initcode words for a creation, 4/16 per zero/non-zero
 * byte) or EIP-7623's calldata floor (21000 + 10 per token), whichever is larger. A limit below
 * the floor is accepted into a Prague node's pool but never mined.
 */
export function intrinsicGas(calldata: Uint8Array, creation: boolean): bigint {
  let standard = creation ? 53_000n + 2n * BigInt(Math.ceil(calldata.length / 32)) : 21_000n
  let tokens = 0n
  for (const byte of calldata) {
    standard += byte === 0 ? 4n : 16n
    tokens += byte === 0 ? 1n : 4n
  }
  const floor = 21_000n + 10n * tokens
  return standard > floor ? standard : floor
}

/** The signer's key as 32 bytes (throws on anything else: a broken fixture, not a finding). */
export function privateKeyBytes(privateKey: string | Uint8Array): Uint8Array {
  const bytes = typeof privateKey === 'string' ? hexToBytes(privateKey as `0x${string}`) : privateKey
  if (bytes.length !== 32) throw new RangeError(`a private key has 32 bytes, got ${bytes.length}`)
  return bytes
}

/**
 * A real EIP-155 legacy transaction (the only kind the legacy, Berlin-rules node takes; SENDRAW),
 * signed with @ethereumjs/tx for `chainId`, with a random recipient, value and calldata and a gas
 * limit that covers its intrinsic gas. The nonce, gas price and signer are fixed by the caller
 * (they decide whether the node can accept it). Shrinks toward no value and no calldata.
 * @example signedLegacyTx({ privateKey, chainId: 901, nonce: 0n, gasPrice: 10n ** 9n }) // { raw, hash, from, ... }
 */
export function signedLegacyTx(options: SignedLegacyTxOptions): fc.Arbitrary<SignedLegacyTx> {
  const key = privateKeyBytes(options.privateKey)
  const chainId = BigInt(options.chainId)
  const nonce = BigInt(options.nonce)
  const gasPrice = BigInt(options.gasPrice)
  const recipient: fc.Arbitrary<string | null> = options.to === undefined ? address('lower') : fc.constant(options.to)
  return fc
    .record({
      to: recipient,
      value: fc.bigInt({ min: 0n, max: options.maxValue ?? 10n ** 15n }),
      data: data({ maxLength: options.maxDataLength ?? 32 }),
      spareGas: fc.integer({ min: 0, max: 50_000 }),
    })
    .map(({ to, value, data: calldata, spareGas }) => {
      const bytes = hexToBytes(calldata as `0x${string}`)
      const gasLimit = intrinsicGas(bytes, to === null) + BigInt(spareGas)
      const signed = signLegacyTransaction({ chainId, nonce, gasPrice, gasLimit, value, data: calldata, ...(to === null ? {} : { to }) }, key)
      return { raw: signed.raw, hash: signed.hash, from: signed.from, to, nonce, gasPrice, gasLimit, value, data: calldata, chainId }
    })
}
