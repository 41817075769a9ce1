import { RLP } from '@ethereumjs/rlp'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { boundedJson } from '../checks/boundedJson.js'
import { hexOf, hexToBytes, unpaddedBytes } from './hexBytes.js'
import { type HeaderField, headerLayout } from './headerLayout.js'

const byteLengths: Partial<Record<HeaderField['kind'], number>> = { hash: 32, address: 20, bloom: 256, nonce: 8 }

/** One header field of an RPC block as the bytes its RLP item carries, or why it cannot be. */
function fieldBytes(field: HeaderField, value: unknown): Uint8Array | string {
  if (value === null) return `${field.name} is null (a pending block has no hash to check)`
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) return `${field.name} is not a hex string: ${boundedJson(value, 80)}`
  if (field.kind === 'quantity') {
    // Leniently read: a non-canonical QUANTITY is another check's finding; the hash uses the number.
    return value === '0x' ? `${field.name} is "0x", no number` : unpaddedBytes(BigInt(value))
  }
  if (value.length % 2 !== 0) return `${field.name} has an odd number of hex digits`
  const bytes = hexToBytes(value)
  const expected = byteLengths[field.kind]
  if (expected !== undefined && bytes.length !== expected) return `${field.name} has ${bytes.length} bytes, a header's has ${expected}`
  return bytes
}

/**
 * Recomputes a block's hash from the header fields of its JSON-RPC block object (CHAIN-INTEGRITY:
 * block hash = keccak256 of the RLP header), with the layout its fields call for: pre-London
 * (15 fields), London (+baseFeePerGas), Shanghai (+withdrawalsRoot), Cancun (+blobGasUsed,
 * excessBlobGas, parentBeaconBlockRoot) or Prague (+requestsHash); a non-standard mix of fork
 * fields is encoded as shown (see headerLayout). The caller compares `hash` with the block's own
 * `hash`. Answers `{ error }` when the header cannot be rebuilt.
 * @example computeBlockHash(await eth_getBlockByNumber('0x1', false)) // { hash: '0xbee7…', layout: 'pre-london' }
 */
export function computeBlockHash(block: Record<string, unknown>): { hash: string; layout: string } | { error: string } {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return { error: `the block is ${boundedJson(block, 60)}, not an object` }
  const layout = headerLayout(block)
  if ('error' in layout) return layout
  const items: Uint8Array[] = []
  for (const field of layout.fields) {
    const bytes = fieldBytes(field, block[field.name])
    if (typeof bytes === 'string') return { error: bytes }
    items.push(bytes)
  }
  return { hash: hexOf(keccak_256(RLP.encode(items))), layout: layout.name }
}
