import { RLP } from '@ethereumjs/rlp'
import { Bloom } from '@ethereumjs/vm'
import { L1_FEE_SCALAR } from './chainConstants.js'
import { bytesToBigInt, toData, toQuantity } from './hex.js'
import { blockLogsJson } from './logJson.js'
import type { StoredBlock } from './storedBlock.js'

/**
 * The receipt of eth_getTransactionReceipt: the standard fields (status, not a state root, as after
 * Byzantium) plus l1GasPrice, l1GasUsed, l1Fee (quantities) and l1FeeScalar (decimal string).
 */
export function receiptJson(block: StoredBlock, index: number): Record<string, unknown> {
  const tx = block.transactions[index]
  if (tx === undefined) throw new RangeError(`block ${block.header.number} has no transaction ${index}`)
  const r = tx.receipt
  const bloom = new Bloom()
  for (const log of r.logs) {
    bloom.add(log.address)
    for (const topic of log.topics) bloom.add(topic)
  }
  const txHash = toData(tx.hash)
  const { to, gasPrice } = legacyFields(tx.raw)
  return {
    blockHash: toData(block.hash),
    blockNumber: toQuantity(block.header.number),
    contractAddress: r.contractAddress === null ? null : toData(r.contractAddress),
    cumulativeGasUsed: toQuantity(r.cumulativeGasUsed),
    effectiveGasPrice: toQuantity(gasPrice),
    from: toData(tx.from),
    gasUsed: toQuantity(r.gasUsed),
    logs: blockLogsJson(block).filter((log) => log.transactionHash === txHash),
    logsBloom: toData(bloom.bitvector),
    status: toQuantity(r.status),
    to,
    transactionHash: txHash,
    transactionIndex: toQuantity(index),
    type: '0x0',
    l1GasPrice: toQuantity(r.l1GasPrice),
    l1GasUsed: toQuantity(r.l1GasUsed),
    l1Fee: toQuantity(r.l1Fee),
    l1FeeScalar: L1_FEE_SCALAR.text,
  }
}

/** Recipient and gas price from the legacy transaction RLP [nonce, gasPrice, gas, to, value, data, v, r, s]. */
function legacyFields(raw: Uint8Array): { to: string | null; gasPrice: bigint } {
  const [, gasPrice, , to] = RLP.decode(raw) as Uint8Array[]
  return { to: to === undefined || to.length === 0 ? null : toData(to), gasPrice: gasPrice === undefined ? 0n : bytesToBigInt(gasPrice) }
}
