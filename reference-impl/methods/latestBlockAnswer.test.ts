import { createLegacyTx } from '@ethereumjs/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainCommon } from '../chain/createChainCommon.js'
import { DEV_ACCOUNTS } from '../chain/devAccounts.js'
import { fromHex, toData } from '../chain/hex.js'
import type { CallContext } from '../rpc/methodTable.js'
import { createJsonRpcDispatcher, type JsonRpcDispatcher } from '../server/jsonRpcDispatcher.js'
import { jsonString } from '../server/jsonRpcResponse.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// The answer to eth_getBlockByNumber("latest"), which clients poll: the head block's result is kept
// and its text spliced around each request's id. It must be the head's at every moment.

const [alice, bob] = DEV_ACCOUNTS as [(typeof DEV_ACCOUNTS)[number], (typeof DEV_ACCOUNTS)[number]]
const CONTEXT: CallContext = { transport: 'http' }

function latest(id: unknown, full = false): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: ['latest', full] })
}

describe('the answer to eth_getBlockByNumber("latest")', () => {
  let node: TestNode
  let dispatcher: JsonRpcDispatcher
  beforeAll(async () => {
    node = await startTestNode({ history: 3 })
    dispatcher = createJsonRpcDispatcher({ methods: node.methods, log: () => {} })
  }, 120_000)
  afterAll(() => node.stop())

  const ask = async (body: string): Promise<string> => jsonString((await dispatcher.handle(body, CONTEXT)) ?? '')
  const transfer = async (): Promise<void> => {
    const nonce = BigInt(await node.result<string>('eth_getTransactionCount', alice.address, 'latest'))
    const tx = createLegacyTx({ nonce, gasPrice: 1_000_000_000n, gasLimit: 21_000n, to: fromHex(bob.address), value: 1n }, { common: createChainCommon(901) })
    await node.result('eth_sendRawTransaction', toData(tx.sign(fromHex(alice.privateKey)).serialize()))
  }

  it('is the head block, the same object while the head stays, and the new head once a block is sealed', async () => {
    const head = (): number => node.rollup.chain.head
    const before = head()
    const first = JSON.parse(await ask(latest(1))) as { result: { number: string; hash: string } }
    expect(Number(first.result.number)).toBe(before)
    expect(node.rollup.views.blockResult(before, false)).toBe(node.rollup.views.blockResult(before, false))
    for (const full of [false, true]) {
      const byNumber = JSON.parse(
        await ask(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [`0x${before.toString(16)}`, full] })),
      )
      expect(JSON.parse(await ask(latest(1, full)))).toEqual(byNumber)
    }

    await transfer()
    expect(head()).toBe(before + 1)
    const second = JSON.parse(await ask(latest(1))) as { result: { number: string; parentHash: string; transactions: string[] } }
    expect(Number(second.result.number)).toBe(before + 1)
    expect(second.result.parentHash).toBe(first.result.hash)
    expect(second.result.transactions).toHaveLength(1)
    // By hash too: the new head's block, not the one kept before it.
    const byHash = JSON.parse(
      await ask(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getBlockByHash',
          params: [(await node.result<{ hash: string }>('eth_getBlockByNumber', 'latest', false)).hash, false],
        }),
      ),
    )
    expect(byHash).toEqual(second)
  })

  it('echoes ids of every JSON type, escapes included, around the same block', async () => {
    const block = await node.result('eth_getBlockByNumber', 'latest', false)
    const ids = [0, 42, -7, 2.5, 1e21, '', 'x', 'quote " backslash \\ newline \n nul \u0000 line \u2028', 'é😀', null]
    for (const id of ids) {
      const text = await ask(latest(id))
      expect(text).toBe(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(block)}}`)
      expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id, result: block })
    }
    // A notification is executed but never answered.
    expect(await dispatcher.handle(JSON.stringify({ jsonrpc: '2.0', method: 'eth_getBlockByNumber', params: ['latest', false] }), CONTEXT)).toBeUndefined()
  })
})
