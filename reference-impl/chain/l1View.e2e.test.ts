import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestNode } from '../methods/startTestNode.js'
import { QUEUE_EVERY_L1_BLOCKS } from './chainConstants.js'

// Following a real layer-1 node (Anvil, from npm, offline): ethContext is its head, l1GasPrice its
// gas price, and mining layer-1 blocks brings queue deposits.

describe('the node on a real layer 1 (Anvil)', () => {
  let anvil: ChildProcess
  let url: string
  beforeAll(async () => {
    // The package's launcher forwards SIGTERM to the binary it starts.
    const launcher = fileURLToPath(new URL('../../node_modules/.bin/anvil', import.meta.url))
    anvil = spawn(process.execPath, [launcher, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('anvil did not start within 60 s')), 60_000)
      const lines = createInterface({ input: anvil.stdout as NodeJS.ReadableStream })
      lines.on('line', (line) => {
        const match = /Listening on ([\d.]+:\d+)/.exec(line)
        if (match) {
          clearTimeout(timer)
          resolve(`http://${match[1]}`)
        }
      })
      anvil.once('exit', (code) => reject(new Error(`anvil exited with ${code}`)))
    })
  }, 90_000)
  afterAll(() => {
    anvil.kill('SIGTERM')
  })

  const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
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
