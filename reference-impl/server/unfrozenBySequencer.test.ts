import { createLegacyTx } from '@ethereumjs/tx'
import { afterAll, describe, expect, it } from 'vitest'
import { Agent, request } from 'undici'
import { BLOCK_GAS_LIMIT } from '../chain/chainConstants.js'
import { createChainCommon } from '../chain/createChainCommon.js'
import { DEV_ACCOUNTS } from '../chain/devAccounts.js'
import { fromHex, toData } from '../chain/hex.js'
import { servedNode } from '../../test/reference/servedNode.js'

// A contract creation whose init code is JUMPDEST; PUSH1 0; JUMP: it loops until the block's whole
// gas (15,000,000) is spent, over a million iterations of the sequencer's own EVM.
const HEAVY = toData(
  createLegacyTx({ nonce: 0n, gasPrice: 1_000_000_000n, gasLimit: BLOCK_GAS_LIMIT, value: 0n, data: fromHex('0x5b600056') }, { common: createChainCommon(901) })
    .sign(fromHex((DEV_ACCOUNTS[0] as { privateKey: string }).privateKey))
    .serialize(),
)
/** eth_chainId answers another client must get while the transaction executes (without slicing it gets at most the one racing the transaction in). */
const ANSWERS_MEANWHILE = 3

const server = servedNode()
// Two clients, two connection pools: the bystander is never queued behind the sender's socket.
const sender = new Agent()
const bystander = new Agent()

afterAll(async () => {
  await sender.close()
  await bystander.close()
})

async function post(agent: Agent, body: unknown): Promise<{ result?: unknown; error?: unknown }> {
  const response = await request(server().url, {
    dispatcher: agent,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.body.json()) as { result?: unknown; error?: unknown }
}

describe('a heavy transaction does not freeze the node', () => {
  it("answers another client's eth_chainId while the sequencer executes a transaction of the whole block gas", async () => {
    let mined = false
    const sent = post(sender, { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [HEAVY] }).finally(() => {
      mined = true
    })
    const meanwhile: unknown[] = []
    while (!mined) {
      const answer = await post(bystander, { jsonrpc: '2.0', id: 'c', method: 'eth_chainId', params: [] })
      if (!mined) meanwhile.push(answer)
    }
    const hash = (await sent).result
    expect(typeof hash).toBe('string')
    expect(meanwhile.length).toBeGreaterThanOrEqual(ANSWERS_MEANWHILE)
    for (const answer of meanwhile) expect(answer).toEqual({ jsonrpc: '2.0', id: 'c', result: '0x385' })
    // The transaction ran to its end: all its gas spent (out of gas in the loop), in block 1.
    const receipt = (await post(bystander, { jsonrpc: '2.0', id: 2, method: 'eth_getTransactionReceipt', params: [hash] })).result as Record<string, unknown>
    expect(receipt).toMatchObject({ blockNumber: '0x1', status: '0x0', gasUsed: `0x${BLOCK_GAS_LIMIT.toString(16)}` })
  }, 120_000)
})
