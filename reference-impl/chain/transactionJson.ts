import { RLP } from '@ethereumjs/rlp'
import { bytesToBigInt, toData, toQuantity } from './hex.js'
import type { StoredBlock } from './storedBlock.js'

/**
 * The transaction object of eth_getTransactionByHash (and of full-transaction blocks): the standard
 * legacy fields plus the layer-2 fields queueOrigin, l1TxOrigin, l1BlockNumber, l1Timestamp, index,
 * queueIndex and rawTransaction (l2geth's RPCTransaction).
 */
export function transactionJson(block: StoredBlock, index: number): Record<string, unknown> {
  const tx = block.transactions[index]
  if (tx === undefined) throw new RangeError(`block ${block.header.number} has no transaction ${index}`)
  const [nonce, gasPrice, gas, to, value, input, v, r, s] = RLP.decode(tx.raw) as Uint8Array[] as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ]
  const vValue = bytesToBigInt(v)
  return {
    blockHash: toData(block.hash),
    blockNumber: toQuantity(block.header.number),
    from: toData(tx.from),
    gas: toQuantity(bytesToBigInt(gas)),
    gasPrice: toQuantity(bytesToBigInt(gasPrice)),
    hash: toData(tx.hash),
    input: toData(input),
    nonce: toQuantity(bytesToBigInt(nonce)),
    to: to.length === 0 ? null : toData(to),
    transactionIndex: toQuantity(index),
    value: toQuantity(bytesToBigInt(value)),
    type: '0x0',
    ...(vValue >= 35n ? { chainId: toQuantity((vValue - 35n) / 2n) } : {}),
    v: toQuantity(vValue),
    r: toQuantity(bytesToBigInt(r)),
    s: toQuantity(bytesToBigInt(s)),
    queueOrigin: tx.queueOrigin,
    l1TxOrigin: tx.l1TxOrigin === null ? null : toData(tx.l1TxOrigin),
    l1BlockNumber: toQuantity(tx.l1BlockNumber),
    l1Timestamp: toQuantity(tx.l1Timestamp),
    // One transaction per block after genesis: the transaction's index in the canonical chain is number - 1.
    index: toQuantity(block.header.number - 1n + BigInt(index)),
    queueIndex: tx.queueIndex === null ? null : toQuantity(tx.queueIndex),
    rawTransaction: toData(tx.raw),
  }
}
