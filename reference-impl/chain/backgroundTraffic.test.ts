import { afterEach, describe, expect, it } from 'vitest'
import { startTestNode, type TestNode } from '../methods/startTestNode.js'
import { BackgroundTraffic, TRAFFIC_ACCOUNT } from './backgroundTraffic.js'

interface Log {
  address: string
  blockNumber: string
  topics: string[]
}

describe('BackgroundTraffic', () => {
  let node: TestNode | undefined
  let traffic: BackgroundTraffic | undefined
  afterEach(async () => {
    await traffic?.stop()
    await node?.stop()
  })

  it('mines a block a tick, each with a log, from two alternating addresses, and stops cleanly', async () => {
    node = await startTestNode({ history: 0 })
    const warnings: string[] = []
    traffic = new BackgroundTraffic(node.rollup, 20, (message) => warnings.push(message))
    const start = node.rollup.chain.head
    while (node.rollup.chain.head < start + 6) await new Promise((resolve) => setTimeout(resolve, 20))
    await traffic.stop()
    const stoppedAt = node.rollup.chain.head
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(node.rollup.chain.head, 'no block after stop()').toBe(stoppedAt)
    expect(warnings).toEqual([])

    const logs = await node.result<Log[]>('eth_getLogs', { fromBlock: `0x${(start + 1).toString(16)}`, toBlock: `0x${stoppedAt.toString(16)}` })
    const blocks = new Set(logs.map((log) => Number(log.blockNumber)))
    for (let n = start + 1; n <= stoppedAt; n++) expect(blocks.has(n), `block ${n} has a log`).toBe(true)
    const addresses = new Set(logs.map((log) => log.address))
    expect(addresses.size).toBe(2)
    const fromTraffic = logs.slice(2).every((log) => log.topics[1]?.endsWith(TRAFFIC_ACCOUNT.address.slice(2).toLowerCase()))
    expect(fromTraffic, 'transfers come from the traffic account').toBe(true)
  })

  it('never runs two transactions at once: a tick that finds one in flight is skipped', async () => {
    node = await startTestNode({ history: 0 })
    const rollup = node.rollup
    let inFlight = 0
    let most = 0
    const send = rollup.sendRawTransaction.bind(rollup)
    rollup.sendRawTransaction = async (raw) => {
      most = Math.max(most, ++inFlight)
      try {
        await new Promise((resolve) => setTimeout(resolve, 30))
        return await send(raw)
      } finally {
        inFlight--
      }
    }
    traffic = new BackgroundTraffic(rollup, 1, () => undefined)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await traffic.stop()
    expect(most).toBe(1)
  })
})
