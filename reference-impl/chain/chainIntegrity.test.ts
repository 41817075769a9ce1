import { genTransactionsTrieRoot } from '@ethereumjs/block'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { createTxFromRLP } from '@ethereumjs/tx'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestNode, startTestNode } from '../methods/startTestNode.js'
import { createChainCommon } from './createChainCommon.js'

// Independent re-computations from the JSON answers only (no chain internals): header hash, parent
// links, total difficulty, roots and size (CHAIN-INTEGRITY, section 2.1).

type Json = Record<string, unknown> & { transactions: Record<string, string>[] }

const bytes = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex.slice(2), 'hex'))
const hex = (b: Uint8Array): string => `0x${Buffer.from(b).toString('hex')}`
/** A quantity as RLP wants it: minimal big-endian bytes, empty for zero. */
const scalar = (quantity: string): Uint8Array =>
  BigInt(quantity) === 0n
    ? new Uint8Array(0)
    : bytes(
        `0x${BigInt(quantity)
          .toString(16)
          .padStart(Math.ceil(BigInt(quantity).toString(16).length / 2) * 2, '0')}`,
      )

function headerFields(b: Json): Uint8Array[] {
  const s = (k: string): string => b[k] as string
  return [
    bytes(s('parentHash')),
    bytes(s('sha3Uncles')),
    bytes(s('miner')),
    bytes(s('stateRoot')),
    bytes(s('transactionsRoot')),
    bytes(s('receiptsRoot')),
    bytes(s('logsBloom')),
    scalar(s('difficulty')),
    scalar(s('number')),
    scalar(s('gasLimit')),
    scalar(s('gasUsed')),
    scalar(s('timestamp')),
    bytes(s('extraData')),
    bytes(s('mixHash')),
    bytes(s('nonce')),
  ]
}

async function trieRoot(items: Uint8Array[]): Promise<string> {
  const trie = new MerklePatriciaTrie()
  for (const [i, item] of items.entries()) await trie.put(RLP.encode(i), item)
  return hex(trie.root())
}

describe('chain integrity of the generated history', () => {
  let node: TestNode
  let blocks: Json[]
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
    blocks = await node.result<Json[]>('eth_getBlockRange', '0x0', 'latest', true)
  }, 120_000)
  afterAll(() => node.stop())

  it('hashes every header as keccak256(RLP(15 pre-London fields)) and links each block to its parent', () => {
    expect(blocks).toHaveLength(41)
    for (const [n, block] of blocks.entries()) {
      expect(block['number']).toBe(`0x${n.toString(16)}`)
      expect(hex(keccak_256(RLP.encode(headerFields(block))))).toBe(block['hash'])
      if (n > 0) expect(block['parentHash']).toBe(blocks[n - 1]?.['hash'])
      expect(block['totalDifficulty']).toBe(`0x${(1 + 2 * n).toString(16)}`)
      expect(block['sha3Uncles']).toBe(hex(keccak_256(RLP.encode([]))))
      expect(block['nonce']).toMatch(/^0x[0-9a-f]{16}$/)
    }
    expect(blocks[0]?.['parentHash']).toBe(`0x${'0'.repeat(64)}`)
  })

  it('gives strictly increasing timestamps and one transaction per block after genesis', () => {
    for (const [n, block] of blocks.entries()) {
      expect(block.transactions).toHaveLength(n === 0 ? 0 : 1)
      if (n > 0) expect(BigInt(block['timestamp'] as string)).toBeGreaterThan(BigInt(blocks[n - 1]?.['timestamp'] as string))
    }
  })

  it('derives transactionsRoot and receiptsRoot from real tries over the transactions and receipts', async () => {
    const common = createChainCommon(901)
    for (const block of blocks.slice(1)) {
      const raws = block.transactions.map((tx) => bytes(tx['rawTransaction'] as string))
      expect(await trieRoot(raws)).toBe(block['transactionsRoot'])
      const tx = block.transactions[0] as Record<string, string>
      if (tx['queueOrigin'] === 'sequencer')
        expect(hex(await genTransactionsTrieRoot([createTxFromRLP(raws[0] as Uint8Array, { common })]))).toBe(block['transactionsRoot'])
      const receipt = await node.result<Record<string, unknown>>('eth_getTransactionReceipt', tx['hash'])
      const logs = (receipt['logs'] as { address: string; topics: string[]; data: string }[]).map((l) => [bytes(l.address), l.topics.map(bytes), bytes(l.data)])
      const encoded = RLP.encode([
        receipt['status'] === '0x1' ? Uint8Array.of(1) : new Uint8Array(0),
        scalar(receipt['cumulativeGasUsed'] as string),
        bytes(receipt['logsBloom'] as string),
        logs,
      ])
      expect(await trieRoot([encoded])).toBe(block['receiptsRoot'])
      expect(receipt['logsBloom']).toBe(block['logsBloom'])
      expect(receipt['gasUsed']).toBe(block['gasUsed'])
    }
  })

  it('reports size as the length of RLP([header, transactions, uncles])', () => {
    for (const block of blocks) {
      const txs = block.transactions.map((tx) => RLP.decode(bytes(tx['rawTransaction'] as string)))
      const size = RLP.encode([headerFields(block), txs as Uint8Array[][], []]).length
      expect(block['size']).toBe(`0x${size.toString(16)}`)
    }
  })

  it('is deterministic: the same options give the same chain, hash for hash', async () => {
    const again = await startTestNode({ history: 40 })
    try {
      const head = await again.result<Json>('eth_getBlockByNumber', 'latest', false)
      expect(head['hash']).toBe(blocks[40]?.['hash'])
    } finally {
      await again.stop()
    }
  }, 60_000)

  it('holds ETH transfers, token logs, a deployment, a reverted transaction and queue deposits', () => {
    const txs = blocks.slice(1).map((b) => b.transactions[0] as Record<string, unknown>)
    expect(txs.filter((tx) => tx['queueOrigin'] === 'l1').map((tx) => tx['queueIndex'])).toEqual(['0x0', '0x1', '0x2', '0x3'])
    expect(txs.filter((tx) => tx['to'] === null)).toHaveLength(1)
    expect(txs.some((tx) => tx['input'] === '0x' && tx['queueOrigin'] === 'sequencer')).toBe(true)
    expect(blocks.some((b) => /[1-9a-f]/.test((b['logsBloom'] as string).slice(2)))).toBe(true)
  })
})
