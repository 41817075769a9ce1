import { createLegacyTx } from '@ethereumjs/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestNode, startTestNode } from '../methods/startTestNode.js'
import { BATCH_MAX_SECONDS, BATCH_MAX_TRANSACTIONS, L1_BLOCK_SECONDS, QUEUE_EVERY_L1_BLOCKS } from './chainConstants.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { fromHex, toData } from './hex.js'
import type { SyncStatus } from './nodeEvents.js'

// rollup_getInfo counters move with what happens (INFO-SHAPE, INFO-PROGRESS): index with every
// transaction, queueIndex with layer-1 queue messages (on the layer-1 clock), verifiedIndex with
// posted batches (count rule and age rule); ethContext follows the layer-1 head.

interface Info {
  mode: string
  syncing: boolean
  ethContext: { blockNumber: number; timestamp: number }
  rollupContext: { index: number; queueIndex: number; verifiedIndex: number }
}

describe('rollup progress', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
  }, 120_000)
  afterAll(() => node.stop())

  const info = (): Promise<Info> => node.result<Info>('rollup_getInfo')
  const key = fromHex((DEV_ACCOUNTS[3] as { privateKey: string }).privateKey)
  const send = async (): Promise<void> => {
    const nonce = BigInt(await node.result<string>('eth_getTransactionCount', (DEV_ACCOUNTS[3] as { address: string }).address, 'latest'))
    const tx = createLegacyTx(
      { nonce, gasPrice: 10n ** 9n, gasLimit: 21_000n, to: new Uint8Array(20).fill(7), value: 1n },
      { common: node.rollup.chain.common },
    ).sign(key)
    await node.result('eth_sendRawTransaction', toData(tx.serialize()))
  }

  it('reports the generated history: 40 transactions, 4 queue deposits, batches of 10', async () => {
    const first = await info()
    expect(first).toEqual({
      mode: 'sequencer',
      syncing: false,
      ethContext: { blockNumber: expect.any(Number), timestamp: expect.any(Number) },
      rollupContext: { index: 39, queueIndex: 3, verifiedIndex: 39 },
    })
    expect(Object.keys(first)).toEqual(['mode', 'syncing', 'ethContext', 'rollupContext'])
    expect(Object.keys(first.rollupContext)).toEqual(['index', 'queueIndex', 'verifiedIndex'])
  })

  it('moves index with each transaction and verifiedIndex when a batch is due (count, then age)', async () => {
    const start = (await info()).rollupContext
    await send()
    let now = (await info()).rollupContext
    expect(now.index).toBe(start.index + 1)
    expect(now.verifiedIndex).toBe(start.verifiedIndex)
    // The age rule: the waiting transaction is posted once it has waited BATCH_MAX_SECONDS.
    node.clock.advance((BATCH_MAX_SECONDS + 1) * 1000)
    await node.rollup.tick()
    now = (await info()).rollupContext
    expect(now.verifiedIndex).toBe(now.index)
    // The count rule: the BATCH_MAX_TRANSACTIONS-th waiting transaction posts the batch at once.
    for (let i = 0; i < BATCH_MAX_TRANSACTIONS - 1; i++) await send()
    expect((await info()).rollupContext.verifiedIndex).toBe(now.index)
    await send()
    const after = (await info()).rollupContext
    expect(after.verifiedIndex).toBe(after.index)
    expect(after.index).toBe(now.index + BATCH_MAX_TRANSACTIONS)
  })

  it('ingests a queue deposit every few layer-1 blocks: queueIndex moves, the deposit is an l1 transaction', async () => {
    const before = await info()
    node.clock.advance(QUEUE_EVERY_L1_BLOCKS * L1_BLOCK_SECONDS * 1000)
    await node.rollup.tick()
    const after = await info()
    expect(after.ethContext.blockNumber).toBeGreaterThanOrEqual(before.ethContext.blockNumber + QUEUE_EVERY_L1_BLOCKS)
    expect(after.ethContext.timestamp).toBeGreaterThan(before.ethContext.timestamp)
    expect(after.rollupContext.queueIndex).toBe(before.rollupContext.queueIndex + 1)
    expect(after.rollupContext.index).toBe(before.rollupContext.index + 1)
    const head = await node.result<{ transactions: Record<string, unknown>[] }>('eth_getBlockByNumber', 'latest', true)
    expect(head.transactions[0]).toMatchObject({ queueOrigin: 'l1', queueIndex: `0x${after.rollupContext.queueIndex.toString(16)}`, gasPrice: '0x0', v: '0x0' })
    expect(head.transactions[0]?.['l1TxOrigin']).toBe(head.transactions[0]?.['from'])
    const receipt = await node.result<Record<string, string>>('eth_getTransactionReceipt', head.transactions[0]?.['hash'])
    expect(receipt).toMatchObject({ status: '0x1', l1Fee: '0x0' })
  })

  it('catches up a layer-1 backlog over several ticks, syncing meanwhile, and says so', async () => {
    const statuses: (false | SyncStatus)[] = []
    node.rollup.events.on('syncing', (status) => statuses.push(status))
    const before = await info()
    node.clock.advance(20 * QUEUE_EVERY_L1_BLOCKS * L1_BLOCK_SECONDS * 1000)
    await node.rollup.tick()
    expect((await info()).syncing).toBe(true)
    expect(await node.result('eth_syncing')).toMatchObject({ startingBlock: expect.stringMatching(/^0x/), highestBlock: expect.stringMatching(/^0x/) })
    for (let i = 0; i < 5 && (await info()).syncing; i++) await node.rollup.tick()
    const after = await info()
    expect(after.syncing).toBe(false)
    expect(await node.result('eth_syncing')).toBe(false)
    expect(after.rollupContext.queueIndex).toBe(before.rollupContext.queueIndex + 20)
    expect(statuses.at(-1)).toBe(false)
    expect(statuses.some((s) => s !== false)).toBe(true)
  })

  it('never moves a counter backwards', async () => {
    let last = await info()
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0) await send()
      node.clock.advance(30_000)
      await node.rollup.tick()
      const now = await info()
      expect(now.ethContext.blockNumber).toBeGreaterThanOrEqual(last.ethContext.blockNumber)
      for (const k of ['index', 'queueIndex', 'verifiedIndex'] as const) expect(now.rollupContext[k]).toBeGreaterThanOrEqual(last.rollupContext[k])
      last = now
    }
  })

  it('rollup_gasPrices: l1 from the layer-1 view, l2 = eth_gasPrice', async () => {
    const prices = await node.result<{ l1GasPrice: string; l2GasPrice: string }>('rollup_gasPrices')
    expect(prices.l2GasPrice).toBe(await node.result('eth_gasPrice'))
    expect(prices.l2GasPrice).toBe('0x3b9aca00')
    expect(BigInt(prices.l1GasPrice)).toBe(node.rollup.l1.head.gasPrice)
  })
})
