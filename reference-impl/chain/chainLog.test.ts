import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLegacyTx } from '@ethereumjs/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestNode } from '../methods/startTestNode.js'
import { L1_BLOCK_SECONDS, QUEUE_EVERY_L1_BLOCKS } from './chainConstants.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { fromHex, toData } from './hex.js'

// datadir: what happened after the history is logged and replayed at the next start, giving the same
// chain hash for hash; a log written for other options is refused.

describe('datadir persistence', () => {
  let datadir: string
  beforeAll(async () => {
    datadir = await mkdtemp(join(tmpdir(), 'l2conf-chainlog-'))
  })
  afterAll(() => rm(datadir, { recursive: true, force: true }))

  it('replays transactions, queue deposits and batches into the same chain', async () => {
    const first = await startTestNode({ history: 12, datadir })
    const account = DEV_ACCOUNTS[6] as { address: string; privateKey: string }
    for (let nonce = 0n; nonce < 3n; nonce++) {
      const tx = createLegacyTx(
        { nonce, gasPrice: 10n ** 9n, gasLimit: 21_000n, to: new Uint8Array(20).fill(9), value: 7n },
        { common: first.rollup.chain.common },
      )
      await first.result('eth_sendRawTransaction', toData(tx.sign(fromHex(account.privateKey)).serialize()))
      first.clock.advance(QUEUE_EVERY_L1_BLOCKS * L1_BLOCK_SECONDS * 1000)
      await first.rollup.tick()
    }
    const head = await first.result<{ hash: string; number: string }>('eth_getBlockByNumber', 'latest', false)
    const info = await first.result('rollup_getInfo')
    await first.stop()
    expect(Number(head.number)).toBeGreaterThanOrEqual(12 + 3 + 3)

    const second = await startTestNode({ history: 12, datadir })
    try {
      expect(await second.result('eth_getBlockByNumber', 'latest', false)).toEqual(head)
      expect((await second.result<{ rollupContext: unknown }>('rollup_getInfo')).rollupContext).toEqual((info as { rollupContext: unknown }).rollupContext)
      expect(await second.result('eth_getTransactionCount', account.address, 'latest')).toBe('0x3')
    } finally {
      await second.stop()
    }
  }, 120_000)

  it('drops an unfinished last line, and refuses a log made with other options', async () => {
    const path = join(datadir, 'chain.jsonl')
    await writeFile(path, `${await readFile(path, 'utf8')}{"kind":"transac`)
    const again = await startTestNode({ history: 12, datadir })
    expect(again.warnings.some((w) => w.includes('unfinished last line'))).toBe(true)
    await again.stop()
    await expect(startTestNode({ history: 13, datadir })).rejects.toThrow(/history = 12, this node has 13/)
    await expect(startTestNode({ history: 12, chainId: 902, datadir })).rejects.toThrow(/chainId = 901, this node has 902/)
  }, 120_000)
})
