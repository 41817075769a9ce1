import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { type LegacyTx, createLegacyTxFromBytesArray } from '@ethereumjs/tx'
import { ChainError } from './chainError.js'
import { MAX_RAW_TX_BYTES } from './chainConstants.js'
import { bytesToBigInt } from './hex.js'

/** A decoded, signature-checked legacy transaction and its sender. */
export interface DecodedTransaction {
  tx: LegacyTx
  sender: Uint8Array
}

const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/**
 * Decodes the bytes of eth_sendRawTransaction into a legacy EIP-155 transaction for this chain and
 * recovers its sender. Everything wrong with the bytes alone is a TX_REJECTED ChainError with a
 * message that says what: too large, empty, typed (EIP-2718) transaction, bad RLP, wrong field
 * count or encoding, no replay protection, another chain id, bad signature.
 */
export function decodeRawTransaction(raw: Uint8Array, common: Common): DecodedTransaction {
  if (raw.length > MAX_RAW_TX_BYTES) reject(`oversized data: transaction size ${raw.length}, limit ${MAX_RAW_TX_BYTES}`)
  if (raw.length === 0) reject('transaction could not be decoded: empty input')
  const first = raw[0] as number
  if (first <= 0x7f) {
    reject(
      `transaction type not supported: typed (EIP-2718) transaction of type 0x${first.toString(16).padStart(2, '0')}; ` +
        'this chain follows Berlin (pre-London) rules and accepts legacy EIP-155 transactions only',
    )
  }
  if (first < 0xc0) reject('transaction could not be decoded: rlp: expected input list for a legacy transaction')
  let fields: unknown
  try {
    fields = RLP.decode(raw)
  } catch (error) {
    reject(`transaction could not be decoded: ${messageOf(error)}`)
  }
  if (!Array.isArray(fields) || fields.length !== 9 || !fields.every((f) => f instanceof Uint8Array)) {
    reject('transaction could not be decoded: a signed legacy transaction is an RLP list of 9 byte strings')
  }
  const items = fields as Uint8Array[]
  const v = bytesToBigInt(items[6] as Uint8Array)
  const chainId = common.chainId()
  if (v === 27n || v === 28n) reject('only replay-protected (EIP-155) transactions allowed over RPC')
  if (v < 35n) reject(`invalid signature values: v = ${v}`)
  const txChainId = (v - 35n) / 2n
  if (txChainId !== chainId) reject(`invalid chain id for signer: have ${txChainId} want ${chainId}`)
  let tx: LegacyTx
  try {
    tx = createLegacyTxFromBytesArray(items, { common })
  } catch (error) {
    reject(`invalid transaction: ${messageOf(error)}`)
  }
  if (tx.r === undefined || tx.s === undefined || tx.r === 0n || tx.s === 0n || tx.s > SECP256K1_HALF_N) {
    reject('invalid sender: invalid transaction v, r, s values')
  }
  let sender: Uint8Array
  try {
    sender = tx.getSenderAddress().bytes
  } catch {
    reject('invalid sender: the signature does not recover a public key')
  }
  return { tx, sender }
}

function reject(message: string): never {
  throw new ChainError('TX_REJECTED', message)
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  // ethereumjs appends a debug dump of the transaction after " (tx type=..." - keep the reason only.
  return text.replace(/\s*\(tx type=.*$/s, '').replace(/\s*tx type=.*$/s, '')
}
