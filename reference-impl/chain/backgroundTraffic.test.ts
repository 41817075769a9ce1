import { afterEach, describe, expect, it } from 'vitest'
import { startTestNode, type TestNode } from '../methods/startTestNode.js'
import { BackgroundTraffic, CREATE_EVERY_TICKS, TRAFFIC_ACCOUNT, trafficKind } from './backgroundTraffic.js'

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

  it("mines a block a tick with a busy network's mix (creations, storage writes, balances moved, logs), and stops cleanly", async () => {
    node = await startTestNode({ history: 0 })
    const warnings: string[] = []
    traffic = new BackgroundTraffic(node.rollup, 20, (message) => warnings.push(message))
    const start = node.rollup.chain.head
    while (node.rollup.chain.head < start + 9) await new Promise((resolve) => setTimeout(resolve, 20))
    await traffic.stop()
    const stoppedAt = node.rollup.chain.head
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(node.rollup.chain.head, 'no block after stop()').toBe(stoppedAt)
    expect(warnings).toEqual([])

    const receipts: Array<{ contractAddress: string | null; status: string; logs: Log[] }> = []
    for (let n = start + 1; n <= stoppedAt; n++) {
      const block = await node.result<{ transactions: string[] }>('eth_getBlockByNumber', `0x${n.toString(16)}`, false)
      receipts.push(await node.result('eth_getTransactionReceipt', block.transactions[0]))
    }
    const created = receipts.flatMap((r) => (r.contractAddress === null ? [] : [r.contractAddress]))
    expect(created.length, 'two tokens and a counter created').toBeGreaterThanOrEqual(3)
    const counter = created[2]!
    expect(BigInt(await node.result<string>('eth_getStorageAt', counter, '0x0', 'latest')), 'the counter was called (storage written)').toBeGreaterThan(1n)
    const logs = receipts.flatMap((r) => r.logs)
    expect(new Set(logs.map((log) => log.address)).size, 'Transfer logs from both tokens').toBe(2)
    const toOthers = logs.filter(
      (log) =>
        log.topics[1]?.endsWith(TRAFFIC_ACCOUNT.address.slice(2).toLowerCase()) && !log.topics[2]?.endsWith(TRAFFIC_ACCOUNT.address.slice(2).toLowerCase()),
    )
    expect(toOthers.length, "tokens sent to other accounts: holders' balances move").toBeGreaterThan(0)
  })

  it('sends the mix in a fixed order: tokens first, a counter, then transfers, calls, approvals, a revert now and then, a creation every CREATE_EVERY_TICKS', () => {
    expect(trafficKind(0, 0, 0)).toBe('deploy-token')
    expect(trafficKind(0, 2, 0)).toBe('create-counter')
    const kinds = Array.from({ length: CREATE_EVERY_TICKS * 2 }, (_, turn) => trafficKind(turn, 2, 1))
    expect(kinds.filter((k) => k === 'create-counter').length).toBe(2)
    for (const kind of ['ether', 'token', 'counter', 'approve', 'revert'] as const) expect(kinds).toContain(kind)
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
