import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestNode, startTestNode } from './startTestNode.js'

// BLOCKED-ACCOUNTS / BLOCKED-SENDTX: -32601 naming the alternative, data {blocked, alternative},
// whatever the params, and no state change; eth_accounts (the real method) answers [].

describe('blocked methods', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 10 })
  }, 120_000)
  afterAll(() => node.stop())

  const state = async (): Promise<unknown> => [
    await node.result('eth_getBlockByNumber', 'latest', true),
    await node.result('rollup_getInfo'),
    await node.result('eth_getTransactionCount', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'),
    await node.result('eth_getBalance', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latest'),
  ]

  it('eth_sendTransaction: -32601 pointing to eth_sendRawTransaction, nothing sent', async () => {
    const before = await state()
    const tx = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000' }
    for (const params of [[tx], [], [1, 2, 3], ['garbage']]) {
      expect(await node.call('eth_sendTransaction', ...params)).toEqual({
        error: {
          code: -32601,
          message: 'eth_sendTransaction is blocked: this node holds no keys; sign the transaction and send it with eth_sendRawTransaction',
          data: { blocked: true, alternative: 'eth_sendRawTransaction' },
        },
      })
    }
    expect(await state()).toEqual(before)
  })

  it('eth_getAccounts: -32601 pointing to an external wallet service', async () => {
    const before = await state()
    expect(await node.call('eth_getAccounts')).toEqual({
      error: {
        code: -32601,
        message: 'eth_getAccounts is blocked: this node exposes no internal wallets; manage accounts with an external wallet service',
        data: { blocked: true, alternative: 'an external wallet service' },
      },
    })
    expect(await state()).toEqual(before)
  })

  it('eth_accounts answers [] (the node has no wallets)', async () => {
    expect(await node.call('eth_accounts')).toEqual({ result: [] })
  })
})
