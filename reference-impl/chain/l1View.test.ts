import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { L1View } from './l1View.js'
import { simulatedL1GasPrice } from './simulatedL1Head.js'

// The layer-1 view: simulated on the node's clock, or polled from a layer-1 node with a timeout and a
// clear fallback. The "layer-1 node" here is a tiny throwaway server that can stop answering.

interface FakeL1 {
  url: string
  state: { number: number; timestamp: number; gasPrice: bigint; mode: 'ok' | 'hang' | 'error' }
  close(): Promise<void>
}

async function fakeL1(): Promise<FakeL1> {
  const state: FakeL1['state'] = { number: 100, timestamp: 1_700_000_000, gasPrice: 7_000_000_000n, mode: 'ok' }
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (state.mode === 'hang') return
      if (state.mode === 'error') {
        response.writeHead(503).end('down')
        return
      }
      const calls = JSON.parse(body) as { id: number; method: string }[]
      const hex = (n: number | bigint): string => `0x${n.toString(16)}`
      const results: Record<string, unknown> = {
        eth_blockNumber: hex(state.number),
        eth_getBlockByNumber: { number: hex(state.number), timestamp: hex(state.timestamp) },
        eth_gasPrice: hex(state.gasPrice),
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: results[c.method] }))))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('L1View', () => {
  let l1: FakeL1 | undefined
  afterEach(async () => {
    await l1?.close()
    l1 = undefined
  })

  it('simulated: one block every 12 seconds, a drifting gas price, never backwards', async () => {
    const view = new L1View({ warn: () => {} })
    await view.refresh(1_800_000_000)
    const a = view.head
    await view.refresh(1_800_000_000 + 120)
    expect(view.head.number).toBe(a.number + 10)
    expect(view.head.timestamp).toBe(a.timestamp + 120)
    expect(view.head.gasPrice).toBe(simulatedL1GasPrice(view.head.number))
    await view.refresh(1_700_000_000)
    expect(view.head.number).toBe(a.number + 10)
    expect(view.source).toBe('simulated')
  })

  it('polls a real layer-1 node, falls back (saying so) when it stops answering, and returns to it', async () => {
    l1 = await fakeL1()
    const warnings: string[] = []
    // Long enough for a first answer on a loaded machine (300 ms was not, with every test file
    // running beside it); the hanging phase waits it out once.
    const view = new L1View({ rpcUrl: l1.url, timeoutMs: 1_500, warn: (m) => warnings.push(m) })
    await view.refresh(1_700_000_000)
    expect(view.head).toEqual({ number: 100, timestamp: 1_700_000_000, gasPrice: 7_000_000_000n })
    expect(view.source).toBe('rpc')

    l1.state.mode = 'hang'
    await view.refresh(1_700_000_024)
    expect(view.source).toBe('rpc-fallback')
    expect(view.lastError).toMatch(/did not answer/)
    expect(view.head.number).toBe(102)
    expect(view.head.gasPrice).toBe(7_000_000_000n)
    expect(warnings.at(-1)).toMatch(/simulated 12-second clock from block 100/)

    l1.state.mode = 'error'
    await view.refresh(1_700_000_036)
    expect(view.head.number).toBe(103)

    Object.assign(l1.state, { mode: 'ok', number: 110, timestamp: 1_700_000_120, gasPrice: 9n })
    await view.refresh(1_700_000_120)
    expect(view.source).toBe('rpc')
    expect(view.head).toEqual({ number: 110, timestamp: 1_700_000_120, gasPrice: 9n })
  })

  it('starts from block 0 on the simulated clock when the layer-1 node never answered', async () => {
    const warnings: string[] = []
    const view = new L1View({ rpcUrl: 'http://127.0.0.1:9/', timeoutMs: 300, warn: (m) => warnings.push(m) })
    await view.refresh(1_700_000_000)
    expect(view.source).toBe('rpc-fallback')
    expect(view.head.number).toBe(0)
    await view.refresh(1_700_000_060)
    expect(view.head.number).toBe(5)
    expect(warnings).toHaveLength(1)
  })
})
