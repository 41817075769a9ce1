import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'

/**
 * Root of the trie that maps RLP(index) -> item, the construction of a block's transactionsRoot
 * (items: the transactions' RLP) and receiptsRoot (items: the encoded receipts).
 */
export async function orderedTrieRoot(items: readonly Uint8Array[]): Promise<Uint8Array> {
  const trie = new MerklePatriciaTrie()
  for (const [index, item] of items.entries()) await trie.put(RLP.encode(index), item)
  return trie.root()
}
