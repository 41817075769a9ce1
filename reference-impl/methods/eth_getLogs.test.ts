import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toData } from '../chain/hex.js'
import { keccak256 } from '../chain/keccak256.js'
import type { LogJson } from '../chain/logJson.js'
import { matchesLogFilter } from '../chain/matchesLogFilter.js'
import { type TestNode, startTestNode } from './startTestNode.js'

const topic = (event: string): string => toData(keccak256(new TextEncoder().encode(event)))
const TRANSFER = topic('Transfer(address,address,uint256)')
const APPROVAL = topic('Approval(address,address,uint256)')

describe('eth_getLogs', () => {
  let node: TestNode
  let all: LogJson[]
  beforeAll(async () => {
    node = await startTestNode({ history: 200 })
    all = await node.result<LogJson[]>('eth_getLogs', { fromBlock: 'earliest', toBlock: 'latest' })
  }, 120_000)
  afterAll(() => node.stop())

  it('returns every log of the range in chain order, as the receipts hold them', async () => {
    expect(all.length).toBeGreaterThan(20)
    const keys = all.map((l) => [Number(l.blockNumber), Number(l.logIndex)])
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)))
    const sample = all[5] as LogJson
    const receipt = await node.result<{ logs: LogJson[] }>('eth_getTransactionReceipt', sample.transactionHash)
    expect(receipt.logs).toContainEqual(sample)
    expect(new Set(all.map((l) => l.topics[0]))).toEqual(new Set([TRANSFER, APPROVAL]))
  })

  it('filters by address, topic positions (null = any, lists = any of), block range and block hash', async () => {
    const token = (all[0] as LogJson).address
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', address: token })).toEqual(all.filter((l) => l.address === token))
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', address: [token.toUpperCase().replace('0X', '0x')] })).toEqual(
      all.filter((l) => l.address === token),
    )
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', topics: [APPROVAL] })).toEqual(all.filter((l) => l.topics[0] === APPROVAL))
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', topics: [[APPROVAL, TRANSFER]] })).toEqual(all)
    const to = (all[3] as LogJson).topics[2] as string
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', topics: [null, null, to] })).toEqual(all.filter((l) => l.topics[2] === to))
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', topics: [null, null, null, null] })).toEqual([])
    const one = all[7] as LogJson
    expect(await node.result('eth_getLogs', { blockHash: one.blockHash })).toEqual(all.filter((l) => l.blockHash === one.blockHash))
    expect(await node.result('eth_getLogs', { fromBlock: one.blockNumber, toBlock: one.blockNumber })).toEqual(
      all.filter((l) => l.blockNumber === one.blockNumber),
    )
    expect(await node.result('eth_getLogs', { fromBlock: '0x10000' })).toEqual([])
    expect(await node.result('eth_getLogs', { fromBlock: '0x0', toBlock: '0x10000' })).toEqual(all)
  })

  it('refuses bad filters with -32602 and an unknown block hash with -32000', async () => {
    for (const filter of [
      'x',
      [],
      { fromBlock: '0x5', toBlock: '0x4' },
      { fromBlock: '0x01' },
      { address: '0x12' },
      { topics: [1] },
      { topics: ['0x12'] },
      { topics: [null, null, null, null, null] },
      { topics: 'x' },
      { blockHash: `0x${'ab'.repeat(32)}`, fromBlock: '0x0' },
      { blockHash: '0x12' },
    ]) {
      expect(await node.call('eth_getLogs', filter), JSON.stringify(filter)).toMatchObject({ error: { code: -32602 } })
    }
    expect(await node.call('eth_getLogs', { blockHash: `0x${'ab'.repeat(32)}` })).toEqual({ error: { code: -32000, message: 'unknown block' } })
    expect(await node.call('eth_getLogs')).toMatchObject({ error: { code: -32602 } })
  })
})

describe('matchesLogFilter', () => {
  const log = { address: '0xAbC0000000000000000000000000000000000001', topics: ['0x01', '0x02'] }
  it('matches addresses in any case, topics by position, wildcards, and refuses more positions than topics', () => {
    expect(matchesLogFilter(log, { addresses: null, topics: [] })).toBe(true)
    expect(matchesLogFilter(log, { addresses: ['0xabc0000000000000000000000000000000000001'], topics: [] })).toBe(true)
    expect(matchesLogFilter(log, { addresses: ['0xabc0000000000000000000000000000000000002'], topics: [] })).toBe(false)
    expect(matchesLogFilter(log, { addresses: [], topics: [['0x01'], null] })).toBe(true)
    expect(matchesLogFilter(log, { addresses: null, topics: [null, ['0x03', '0x02']] })).toBe(true)
    expect(matchesLogFilter(log, { addresses: null, topics: [['0x02']] })).toBe(false)
    expect(matchesLogFilter(log, { addresses: null, topics: [null, null, null] })).toBe(false)
  })
})
