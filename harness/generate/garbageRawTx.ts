import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { createAccessList2930Tx, createFeeMarket1559Tx } from '@ethereumjs/tx'
import { bigIntToUnpaddedBytes, bytesToBigInt, bytesToHex, hexToBytes } from '@ethereumjs/util'
import { createHash } from 'node:crypto'
import * as fc from 'fast-check'
import { address } from './address.js'
import { privateKeyBytes, signedLegacyTx } from './signedLegacyTx.js'

/** What is wrong with a garbage raw transaction. */
export type GarbageRawTxKind = 'random-bytes' | 'truncated' | 'high-s' | 'wrong-chain-id' | 'typed-envelope'

export interface GarbageRawTx {
  kind: GarbageRawTxKind
  raw: string
}

export interface GarbageRawTxOptions {
  /** Signer of the signed variants; default a key derived from a fixed phrase, which no one funds. */
  privateKey?: string | Uint8Array
  /** The target's chain id (default 901); "wrong-chain-id" signs for another one. */
  chainId?: bigint | number
  nonce?: bigint | number
  /** Default 1 gwei: never zero, so even a lenient node would find the signer cannot pay. */
  gasPrice?: bigint | number
}

/**
 * The default signer: a key no one holds funds for, so that none of the signed variants could
 * ever be mined, even on a node that takes typed transactions or ignores a chain id. Safe to
 * send to production in the read-only profile.
 */
export const UNFUNDED_KEY = bytesToHex(createHash('sha256').update('l2conf garbageRawTx signer: never fund this key').digest())

const HIGH_BIT = 1n << 255n

/**
 * Raw transactions a node must refuse (SENDRAW: eth_sendRawTransaction "rejects garbage with an
 * error"), each labelled with its fault: random bytes; the RLP of a valid signed legacy
 * transaction cut short; one whose signature `s` has its top bit flipped (s > secp256k1n/2,
 * forbidden since EIP-2, or not below n at all); one signed for another chain id (EIP-155); and a
 * typed envelope (EIP-2930 or EIP-1559), which the legacy node rejects. With the default
 * unfunded signer a node that does take typed transactions still refuses them for lack of funds.
 * @example garbageRawTxCase({ chainId: 901 }) // { kind: 'truncated', raw: '0xf86b80843b9a…' }, ...
 */
export function garbageRawTxCase(options: GarbageRawTxOptions = {}): fc.Arbitrary<GarbageRawTx> {
  const privateKey = privateKeyBytes(options.privateKey ?? UNFUNDED_KEY)
  const chainId = BigInt(options.chainId ?? 901)
  const nonce = BigInt(options.nonce ?? 0)
  const gasPrice = BigInt(options.gasPrice ?? 10n ** 9n)
  const valid = signedLegacyTx({ privateKey, chainId, nonce, gasPrice, maxDataLength: 16 })
  const label =
    (kind: GarbageRawTxKind) =>
    (raw: string): GarbageRawTx => ({ kind, raw })
  return fc.oneof(
    fc.uint8Array({ maxLength: 120 }).map(bytesToHex).map(label('random-bytes')),
    fc.tuple(valid, fc.nat()).map(([tx, at]) => {
      const byteLength = (tx.raw.length - 2) / 2
      return { kind: 'truncated' as const, raw: tx.raw.slice(0, 2 + 2 * (1 + (at % (byteLength - 1)))) }
    }),
    valid.map((tx) => {
      const fields = RLP.decode(hexToBytes(tx.raw as `0x${string}`)) as Uint8Array[]
      const s = fields[8] ?? new Uint8Array()
      fields[8] = bigIntToUnpaddedBytes(bytesToBigInt(s) | HIGH_BIT)
      return { kind: 'high-s' as const, raw: bytesToHex(RLP.encode(fields)) }
    }),
    fc
      .tuple(fc.bigInt({ min: 1n, max: 1000n }), fc.nat())
      .chain(([offset]) => signedLegacyTx({ privateKey, chainId: chainId + offset, nonce, gasPrice, maxDataLength: 16 }))
      .map((tx) => ({ kind: 'wrong-chain-id' as const, raw: tx.raw })),
    fc.tuple(address('lower'), fc.boolean()).map(([to, feeMarket]) => {
      const common = createCustomCommon({ chainId: chainId.toString() }, Mainnet, { hardfork: Hardfork.London })
      const fields = { chainId, nonce, gasLimit: 21_000n, to: to as `0x${string}`, value: 1n }
      const tx = feeMarket
        ? createFeeMarket1559Tx({ ...fields, maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice }, { common })
        : createAccessList2930Tx({ ...fields, gasPrice, accessList: [] }, { common })
      return { kind: 'typed-envelope' as const, raw: bytesToHex(tx.sign(privateKey).serialize()) }
    }),
  )
}

/**
 * The raw hex of garbageRawTxCase(): transactions a node must refuse (SENDRAW).
 * @example fc.sample(garbageRawTx({ chainId: 901 }), { seed, numRuns: 8 })
 */
export function garbageRawTx(options: GarbageRawTxOptions = {}): fc.Arbitrary<string> {
  return garbageRawTxCase(options).map((garbage) => garbage.raw)
}
