import { RLP, type Input } from '@ethereumjs/rlp'
import { hexToBytes, unpaddedBytes } from '../chain/hexBytes.js'

const QUANTITY = /^0x[0-9a-fA-F]+$/
const DATA = /^0x([0-9a-fA-F]{2})*$/

const quantity = (value: unknown): Uint8Array | null => (typeof value === 'string' && QUANTITY.test(value) ? unpaddedBytes(BigInt(value)) : null)
const data = (value: unknown): Uint8Array | null => (typeof value === 'string' && DATA.test(value) ? hexToBytes(value) : null)

/** Receipt types whose encoding is the type byte then the four-field RLP (EIP-2718: 2930, 1559, 4844, 7702). */
const TYPED = new Set([1, 2, 3, 4])
/** The OP-stack deposit type: the four fields, then depositNonce and depositReceiptVersion when present. */
const DEPOSIT = 0x7e

/**
 * The bytes a receipt object stands for in its block's receipts trie (EIP-2718: the type byte, then
 * RLP of [status or post-state root, cumulativeGasUsed, logsBloom, logs]), built with the bloom the
 * caller recomputed from its logs, or why it cannot be built (a field missing or not hex, a receipt
 * type the suite does not know: never a guess).
 * @example encodedReceipt(receipt, bloom) // Uint8Array [0xf9, ...] for a legacy receipt
 */
export function encodedReceipt(receipt: Record<string, unknown>, bloom: Uint8Array): Uint8Array | string {
  const typeText = receipt.type ?? '0x0'
  const type = typeof typeText === 'string' && QUANTITY.test(typeText) ? Number.parseInt(typeText, 16) : Number.NaN
  if (type !== 0 && !TYPED.has(type) && type !== DEPOSIT) return `receipt type ${String(typeText)} is not one the suite encodes`
  // Byzantium and later carry status; earlier receipts the post-transaction state root.
  const outcome = receipt.status !== undefined && receipt.status !== null ? quantity(receipt.status) : data(receipt.root)
  if (outcome === null) return 'status (or root) is missing or not hex'
  const cumulative = quantity(receipt.cumulativeGasUsed)
  if (cumulative === null) return 'cumulativeGasUsed is missing or not hex'
  if (!Array.isArray(receipt.logs)) return 'logs is not an array'
  const logs: Input[] = []
  for (const [index, log] of receipt.logs.entries()) {
    const l = (log ?? {}) as { address?: unknown; topics?: unknown; data?: unknown }
    const address = data(l.address)
    const body = data(l.data)
    const topics = Array.isArray(l.topics) ? l.topics.map(data) : null
    if (address === null || body === null || topics === null || topics.some((t) => t === null)) return `log ${index} has a field that is missing or not hex`
    logs.push([address, topics as Uint8Array[], body])
  }
  const fields: Input[] = [outcome, cumulative, bloom, logs]
  if (type === DEPOSIT) {
    const nonce = quantity(receipt.depositNonce)
    if (nonce !== null) fields.push(nonce)
    const version = quantity(receipt.depositReceiptVersion)
    if (nonce !== null && version !== null) fields.push(version)
  }
  const encoded = RLP.encode(fields)
  if (type === 0) return encoded
  const typed = new Uint8Array(encoded.length + 1)
  typed[0] = type
  typed.set(encoded, 1)
  return typed
}
