import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type AnvilHandle } from '../../test/nodes/startAnvil.js'
import { startTestNode } from '../methods/startTestNode.js'
import { QUEUE_EVERY_L1_BLOCKS } from './chainConstants.js'

// Following a real layer-1 node (Anvil, from npm, offline): ethContext is its head, l1GasPrice its
// gas price, and mining layer-1 blocks brings queue deposits.

describe('the node on a real layer 1 (Anvil)', () => {
  // A test helper of the harness starts Anvil; the node itself imports nothing from the harness.
  let anvil: AnvilHandle
  let url: string
  beforeAll(async () => {
    anvil = await startAnvil()
    url = anvil.rpc
  }, 90_000)
  afterAll(async () => {
    await anvil?.stop()
  })

  const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await response.json()) as { result: unknown }).result
  }

  it('reports the layer-1 head and gas price, and ingests queue deposits as layer-1 blocks are mined', async () => {
    const node = await startTestNode({ history: 5, l1Rpc: url })
    try {
      const l1Number = Number(await rpc('eth_blockNumber'))
      const info = await node.result<{ ethContext: { blockNumber: number }; rollupContext: { queueIndex: number } }>('rollup_getInfo')
      expect(info.ethContext.blockNumber).toBe(l1Number)
      expect((await node.result<{ l1GasPrice: string }>('rollup_gasPrices')).l1GasPrice).toBe(await rpc('eth_gasPrice'))
      await rpc('anvil_mine', [`0x${(QUEUE_EVERY_L1_BLOCKS * 2).toString(16)}`])
      await node.rollup.tick()
      const after = await node.result<typeof info>('rollup_getInfo')
      expect(after.ethContext.blockNumber).toBe(l1Number + QUEUE_EVERY_L1_BLOCKS * 2)
      expect(after.rollupContext.queueIndex).toBe(info.rollupContext.queueIndex + 2)
      expect(node.rollup.l1.source).toBe('rpc')
    } finally {
      await node.stop()
    }
  }, 60_000)
})
