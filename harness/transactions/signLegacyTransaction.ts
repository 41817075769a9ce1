import { Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common'
import { createLegacyTx } from '@ethereumjs/tx'
import { bytesToHex, createAddressFromPrivateKey, generateAddress, hexToBytes, intToBytes } from '@ethereumjs/util'

export interface LegacyTransactionFields {
  chainId: bigint
  nonce: bigint
  gasPrice: bigint
  gasLimit: bigint
  to?: string
  value?: bigint
  data?: string
}

export interface SignedTransaction {
  /** The signed RLP, as eth_sendRawTransaction takes it. */
  raw: string
  hash: string
  from: string
  /** The address a contract creation deploys to (when `to` is absent). */
  contractAddress: string | null
}

/**
 * Signs a legacy EIP-155 transaction (the only kind a pre-London layer-2 node accepts) for
 * eth_sendRawTransaction: the one signer of the harness (the full profile's transactions and the
 * generated ones of harness/generate/signedLegacyTx.ts). The key never leaves this function's caller.
 */
export function signLegacyTransaction(fields: LegacyTransactionFields, privateKey: string | Uint8Array): SignedTransaction {
  const common = createCustomCommon({ chainId: Number(fields.chainId) }, Mainnet, { hardfork: Hardfork.Berlin })
  const key = typeof privateKey === 'string' ? hexToBytes(privateKey as `0x${string}`) : privateKey
  const tx = createLegacyTx(
    {
      nonce: fields.nonce,
      gasPrice: fields.gasPrice,
      gasLimit: fields.gasLimit,
      ...(fields.to === undefined ? {} : { to: fields.to as `0x${string}` }),
      value: fields.value ?? 0n,
      data: (fields.data ?? '0x') as `0x${string}`,
    },
    { common },
  ).sign(key)
  const from = createAddressFromPrivateKey(key)
  const contractAddress =
    fields.to === undefined ? bytesToHex(generateAddress(from.bytes, fields.nonce === 0n ? new Uint8Array() : intToBytes(Number(fields.nonce)))) : null
  return { raw: bytesToHex(tx.serialize()), hash: bytesToHex(tx.hash()), from: from.toString(), contractAddress }
}

/** The address of a private key (0x-prefixed, lower case). */
export function addressOf(privateKey: string): string {
  return createAddressFromPrivateKey(hexToBytes(privateKey as `0x${string}`)).toString()
}
