import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hexOf } from '../chain/hexBytes.js'
import { EMPTY_TRIE_ROOT } from '../chain/transactionsRoot.js'
import { orderedTrieRoot } from './orderedTrieRoot.js'

async function libraryRoot(items: readonly Uint8Array[]): Promise<string> {
  const trie = new MerklePatriciaTrie()
  for (const [index, item] of items.entries()) await trie.put(RLP.encode(index), item)
  return hexOf(trie.root())
}

describe('orderedTrieRoot()', () => {
  it('is the empty-trie root for no items', () => {
    expect(orderedTrieRoot([])).toBe(EMPTY_TRIE_ROOT)
  })

  it('gives the trie library root for any list of (non-empty: the library deletes an empty value) items, short (inlined nodes) or long, across the 0x7f/0x80 key boundary', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 1, maxLength: 80 }), { minLength: 1, maxLength: 300 }), async (items) => {
        expect(orderedTrieRoot(items)).toBe(await libraryRoot(items))
      }),
      { numRuns: 40, seed: 36 },
    )
  })
})
