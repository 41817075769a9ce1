import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallContext } from '../rpc/methodTable.js'
import type { RawJson } from '../rpc/rawJson.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// eth_getBlockRange as the common decisions fix it (RANGE-SHAPE, RANGE-ORDER, RANGE-TAGS,
// RANGE-FULLTX, RANGE-CONSISTENT, RANGE-INVALID).

type Block = Record<string, unknown> & { number: string; hash: string; transactions: unknown[] }
const q = (n: number): string => `0x${n.toString(16)}`
const SECTION_2_1 = [
  'difficulty',
  'extraData',
  'gasLimit',
  'gasUsed',
  'hash',
  'logsBloom',
  'miner',
  'mixHash',
  'nonce',
  'number',
  'parentHash',
  'receiptsRoot',
  'sha3Uncles',
  'size',
  'stateRoot',
  'timestamp',
  'totalDifficulty',
  'transactions',
  'transactionsRoot',
  'uncles',
]

describe('eth_getBlockRange', () => {
  let node: TestNode
  let head: number
  beforeAll(async () => {
    node = await startTestNode({ history: 1000 })
    head = Number(await node.result<string>('eth_blockNumber'))
  }, 300_000)
  afterAll(() => node.stop())

  const numbers = (blocks: Block[]): number[] => blocks.map((b) => Number(b.number))
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

  it('returns one block per number, ascending, both ends inclusive, with every field of section 2.1', async () => {
    const blocks = await node.result<Block[]>('eth_getBlockRange', '0x1', '0x2', false)
    expect(numbers(blocks)).toEqual([1, 2])
    for (const block of blocks) {
      expect(Object.keys(block).sort()).toEqual([...SECTION_2_1].sort())
      for (const key of SECTION_2_1.filter((k) => k !== 'transactions' && k !== 'uncles')) expect(block[key]).toMatch(/^0x[0-9a-f]*$/)
    }
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', '0x7', '0x7', false))).toEqual([7])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', '0x0', '0x9', false))).toEqual(range(0, 9))
  })

  it('resolves the tags first: earliest = 0, latest = pending = head (safe and finalized too)', async () => {
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'earliest', 'earliest', false))).toEqual([0])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'latest', 'latest', false))).toEqual([head])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'pending', 'latest', false))).toEqual([head])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'latest', 'pending', false))).toEqual([head])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', q(head - 3), 'latest', false))).toEqual(range(head - 3, head))
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'earliest', '0x3', false))).toEqual([0, 1, 2, 3])
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', 'safe', 'finalized', false))).toEqual([head])
  })

  it('takes a plain JSON integer for either bound, as the equivalent hex quantity (section 4.2: integer or string)', async () => {
    const hex = await node.result<Block[]>('eth_getBlockRange', '0xa', '0xc', false)
    expect(await node.result<Block[]>('eth_getBlockRange', 10, 12, false)).toEqual(hex)
    expect(await node.result<Block[]>('eth_getBlockRange', 10, '0xc', false)).toEqual(hex)
    expect(await node.result<Block[]>('eth_getBlockRange', '0xa', 12, false)).toEqual(hex)
    expect(numbers(await node.result<Block[]>('eth_getBlockRange', head - 1, 'latest', false))).toEqual([head - 1, head])
  })

  it('accepts exactly 1000 blocks and refuses 1001 with -32602 naming the count', async () => {
    expect(head).toBeGreaterThanOrEqual(999)
    const blocks = await node.result<Block[]>('eth_getBlockRange', '0x0', q(999), false)
    expect(numbers(blocks)).toEqual(range(0, 999))
    expect(await node.call('eth_getBlockRange', '0x0', q(1000), false)).toEqual({
      error: { code: -32602, message: 'requested block range is too large (max is 1000, requested 1001 blocks)' },
    })
    expect(await node.call('eth_getBlockRange', '0x0', '0x7fffffffffffffff', false)).toMatchObject({ error: { code: -32602 } })
  })

  it('full transactions are the objects of eth_getTransactionByHash; hashes otherwise; the same transactions', async () => {
    const hashes = await node.result<Block[]>('eth_getBlockRange', '0x0', '0x30', false)
    const full = await node.result<Block[]>('eth_getBlockRange', '0x0', '0x30', true)
    for (const [i, block] of full.entries()) {
      const txs = block.transactions as Record<string, unknown>[]
      expect(txs.map((tx) => tx['hash'])).toEqual(hashes[i]?.transactions)
      for (const tx of txs) expect(tx).toEqual(await node.result('eth_getTransactionByHash', tx['hash']))
      const { transactions: _a, ...rest } = block
      const { transactions: _b, ...restHashes } = hashes[i] as Block
      expect(rest).toEqual(restHashes)
    }
  })

  it('each block equals eth_getBlockByNumber and eth_getBlockByHash', async () => {
    for (const full of [false, true]) {
      for (const block of await node.result<Block[]>('eth_getBlockRange', '0x0', '0x14', full)) {
        expect(await node.result('eth_getBlockByNumber', block.number, full)).toEqual(block)
        expect(await node.result('eth_getBlockByHash', block.hash, full)).toEqual(block)
      }
    }
  })

  it('refuses start after end with -32602, an end past the head with -32000', async () => {
    expect(await node.call('eth_getBlockRange', '0x5', '0x4', false)).toEqual({
      error: { code: -32602, message: 'start of block range (5) is greater than end of block range (4)' },
    })
    expect(await node.call('eth_getBlockRange', 'latest', '0x0', false)).toMatchObject({ error: { code: -32602 } })
    expect(await node.call('eth_getBlockRange', q(head), q(head + 1), false)).toEqual({
      error: { code: -32000, message: `end of requested block range (${head + 1}) does not exist` },
    })
  })

  it('refuses bad params with -32602 naming the argument', async () => {
    const cases: [unknown[], string][] = [
      [['0x1', '0x2'], 'missing value for required argument 2'],
      [['0x1'], 'missing value for required argument 1'],
      [[], 'missing value for required argument 0'],
      [['0x1', '0x2', false, 1], 'too many arguments, want at most 3'],
      [['0x01', '0x2', false], 'invalid argument 0: hex number with leading zero digits'],
      [['1', '0x2', false], 'invalid argument 0: hex string without 0x prefix'],
      [[-1, '0x2', false], 'invalid argument 0: -1 is not a block number (a non-negative integer up to 2^53 - 1)'],
      [['0x1', 2.5, false], 'invalid argument 1: 2.5 is not a block number (a non-negative integer up to 2^53 - 1)'],
      [['0x1', '0x', false], 'invalid argument 1: hex string "0x"'],
      [['0x1', '0xzz', false], 'invalid argument 1: invalid hex string'],
      [['0x1', '0x10000000000000000', false], 'invalid argument 1: hex number > 64 bits'],
      [['0x1', '0x8000000000000000', false], 'invalid argument 1: block number larger than int64'],
      [['0x1', 'newest', false], 'invalid argument 1: hex string without 0x prefix'],
      [['0x1', '0x2', 'true'], 'invalid argument 2: json: cannot unmarshal string into Go value of type bool'],
    ]
    for (const [params, message] of cases)
      expect(await node.call('eth_getBlockRange', ...params), JSON.stringify(params)).toEqual({ error: { code: -32602, message } })
  })

  it('stops building an answer that would pass the response bytes left (-32003), and fits one that does not', async () => {
    const handler = node.methods.get('eth_getBlockRange')!
    const ten = JSON.stringify(await node.result('eth_getBlockRange', '0x1', '0xa', true))
    const context = (left: number): CallContext => ({ transport: 'http', responseBytes: { max: 25_000_000, left } })
    expect(JSON.parse((handler(['0x1', '0xa', true], context(ten.length)) as RawJson).text())).toEqual(JSON.parse(ten))
    expect(() => handler(['0x1', '0xa', true], context(ten.length - 1))).toThrow(
      expect.objectContaining({ code: -32003, message: 'response too large (max 25000000 bytes)' }),
    )
  })
})
