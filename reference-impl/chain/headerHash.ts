import { RLP } from '@ethereumjs/rlp'
import { bigIntToBytes } from './hex.js'
import { keccak256 } from './keccak256.js'
import type { HeaderFields } from './storedBlock.js'

/** The 15 header fields in RLP order (pre-London: no baseFeePerGas). */
export function headerFieldList(h: HeaderFields): Uint8Array[] {
  return [
    h.parentHash,
    h.uncleHash,
    h.coinbase,
    h.stateRoot,
    h.transactionsRoot,
    h.receiptsRoot,
    h.logsBloom,
    bigIntToBytes(h.difficulty),
    bigIntToBytes(h.number),
    bigIntToBytes(h.gasLimit),
    bigIntToBytes(h.gasUsed),
    bigIntToBytes(h.timestamp),
    h.extraData,
    h.mixHash,
    h.nonce,
  ]
}

/** RLP of the header. */
export function encodeHeader(h: HeaderFields): Uint8Array {
  return RLP.encode(headerFieldList(h))
}

/** Block hash: keccak256(RLP(header)) over the 15 pre-London fields (section 2.1 `hash`). */
export function headerHash(h: HeaderFields): Uint8Array {
  return keccak256(encodeHeader(h))
}

/**
 * The block's RLP size (section 2.1 `size`): RLP([header, transactions, uncles]) with the
 * transactions as their RLP items and no uncles, computed from the encoded lengths.
 */
export function blockRlpSize(encodedHeader: Uint8Array, encodedTransactions: readonly Uint8Array[]): number {
  const txPayload = encodedTransactions.reduce((sum, tx) => sum + tx.length, 0)
  const payload = encodedHeader.length + listLength(txPayload) + 1 // 0xc0: the empty uncle list
  return listLength(payload)
}

function listLength(payload: number): number {
  if (payload < 56) return 1 + payload
  let lengthBytes = 0
  for (let n = payload; n > 0; n = Math.floor(n / 256)) lengthBytes++
  return 1 + lengthBytes + payload
}
