import { RLP } from '@ethereumjs/rlp'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { boundedText } from '../checks/boundedJson.js'
import { hexOf, hexToBytes, unpaddedBytes } from './hexBytes.js'

/** The root of an empty trie: the transactionsRoot and receiptsRoot of a block with no transactions. */
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'

const hexRe = /^0x[0-9a-fA-F]*$/

function quantityBytes(value: unknown): Uint8Array | null {
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? unpaddedBytes(BigInt(value)) : null
}

function dataBytes(value: unknown): Uint8Array | null {
  return typeof value === 'string' && hexRe.test(value) && value.length % 2 === 0 ? hexToBytes(value) : null
}

/**
 * The bytes a transaction object stands for in its block's transactions trie, or why the suite cannot
 * tell: its `rawTransaction` (l2geth's field) when keccak of it is its hash, else for a legacy
 * transaction the RLP of its nine fields, again only when keccak of them is its hash. A typed
 * transaction without rawTransaction is not rebuilt (never a guess).
 */
export function encodedTransaction(tx: unknown, index: number): Uint8Array | string {
  if (tx === null || typeof tx !== 'object' || Array.isArray(tx)) return `transaction ${index} is not an object`
  const t = tx as Record<string, unknown>
  const hash = typeof t.hash === 'string' ? t.hash.toLowerCase() : null
  const raw = dataBytes(t.rawTransaction)
  if (raw !== null && hash !== null && hexOf(keccak_256(raw)) === hash) return raw
  const type = t.type ?? '0x0'
  if (type !== '0x0' && type !== '0x00')
    return `transaction ${index} is typed (${boundedText(type, 20)}) and carries no rawTransaction whose keccak is its hash`
  const fields = [
    quantityBytes(t.nonce),
    quantityBytes(t.gasPrice),
    quantityBytes(t.gas),
    t.to === null ? new Uint8Array() : dataBytes(t.to),
    quantityBytes(t.value),
    dataBytes(t.input),
    quantityBytes(t.v),
    quantityBytes(t.r),
    quantityBytes(t.s),
  ]
  if (fields.some((f) => f === null)) return `transaction ${index} lacks a field of a legacy transaction in hex`
  const encoded = RLP.encode(fields as Uint8Array[])
  if (hash === null || hexOf(keccak_256(encoded)) !== hash) return `transaction ${index}'s legacy fields do not hash to its hash ${boundedText(t.hash, 70)}`
  return encoded
}

/**
 * CHAIN-INTEGRITY: the transactionsRoot a block's full transaction objects call for (the trie of
 * RLP(index) -> transaction, as the reference builds it), or why it cannot be computed (a typed
 * transaction the suite does not rebuild, a transaction whose fields do not give its own hash).
 * @example await transactionsRoot(block.transactions) // { root: '0x56e8…' } for []
 */
export async function transactionsRoot(transactions: readonly unknown[]): Promise<{ root: string } | { unknown: string }> {
  if (transactions.length === 0) return { root: EMPTY_TRIE_ROOT }
  // The trie library (and the crypto it brings) is loaded when a root is first computed: the
  // requirements table imports this module, and the CLI that reads the table never builds a trie.
  const { MerklePatriciaTrie } = await import('@ethereumjs/mpt')
  const trie = new MerklePatriciaTrie()
  for (const [index, tx] of transactions.entries()) {
    const encoded = encodedTransaction(tx, index)
    if (typeof encoded === 'string') return { unknown: encoded }
    await trie.put(RLP.encode(index), encoded)
  }
  return { root: hexOf(trie.root()) }
}
