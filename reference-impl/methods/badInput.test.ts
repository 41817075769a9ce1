import { RLP } from '@ethereumjs/rlp'
import { createLegacyTx } from '@ethereumjs/tx'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../chain/devAccounts.js'
import { fromHex, toData } from '../chain/hex.js'
import { callMethod } from './callMethod.js'
import { type TestNode, startTestNode } from './startTestNode.js'

// Bad input never hurts the state: thousands of garbage raw transactions and bad params go to the
// method table; each gets an error with a documented code (never -32603), and afterwards the head,
// the state root and the rollup counters are as before and the node still accepts a good transaction.
// Seeded: a failure prints its seed and path for replay.

const SEED = 20_261_121
const ALLOWED_CODES = new Set([-32000, -32602, -32601, 3])
const key = fromHex((DEV_ACCOUNTS[4] as { privateKey: string }).privateKey)
const address = (DEV_ACCOUNTS[4] as { address: string }).address

describe('bad input', () => {
  let node: TestNode
  let valid: Uint8Array
  beforeAll(async () => {
    node = await startTestNode({ history: 40 })
    const nonce = BigInt(await node.result<string>('eth_getTransactionCount', address, 'latest'))
    valid = createLegacyTx(
      { nonce, gasPrice: 10n ** 9n, gasLimit: 30_000n, to: fromHex(DEV_ACCOUNTS[5]?.address ?? ''), value: 5n, data: Uint8Array.of(1, 2, 3) },
      { common: node.rollup.chain.common },
    )
      .sign(key)
      .serialize()
  }, 120_000)
  afterAll(() => node.stop())

  const fingerprint = async (): Promise<unknown> => [
    await node.result('eth_getBlockByNumber', 'latest', false),
    await node.result('rollup_getInfo'),
    await node.result('eth_getTransactionCount', address, 'latest'),
  ]

  /** Raw transactions that must all be refused: random bytes, random RLP, and mutations of a valid signed one. */
  const garbageRaw = (): fc.Arbitrary<Uint8Array> =>
    fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 12 }).map((items) => RLP.encode(items)),
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
        const copy = Uint8Array.from(valid)
        const i = at % copy.length
        copy[i] = (copy[i] as number) ^ xor
        return copy
      }),
      fc.nat().map((cut) => valid.subarray(0, cut % valid.length)),
      fc.uint8Array({ minLength: 1, maxLength: 8 }).map((tail) => Uint8Array.from([...valid, ...tail])),
      fc.integer({ min: 0, max: 0x7f }).chain((type) => fc.uint8Array({ maxLength: 100 }).map((body) => Uint8Array.from([type, ...body]))),
    )

  it('refuses thousands of garbage raw transactions with -32000/-32602 and changes nothing', async () => {
    const before = await fingerprint()
    await fc.assert(
      fc.asyncProperty(garbageRaw(), async (raw) => {
        const answer = await node.call('eth_sendRawTransaction', toData(raw))
        expect('error' in answer && ALLOWED_CODES.has(answer.error.code), JSON.stringify(answer)).toBe(true)
      }),
      { seed: SEED, numRuns: 2_000 },
    )
    expect(await fingerprint()).toEqual(before)
  }, 120_000)

  it('answers thousands of bad params on every method with a documented error, and changes nothing', async () => {
    const before = await fingerprint()
    const methods = [...node.methods.keys()]
    const weird = fc.oneof(
      fc.constantFrom(
        '0x',
        '0x0',
        '0x00',
        '0xzz',
        'latest',
        'earliest',
        'pending',
        '',
        'x',
        `0x${'f'.repeat(64)}`,
        `0x${'1'.repeat(40)}`,
        '0x1',
        '0x8000000000000000',
      ),
      fc.anything({ maxDepth: 2 }),
    )
    const params = fc.oneof(fc.array(weird, { maxLength: 5 }), fc.anything({ maxDepth: 2 }))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), params, async (method, p) => {
        const answer = await node.call(method, ...(Array.isArray(p) ? p : [p]))
        if ('error' in answer) expect(ALLOWED_CODES.has(answer.error.code), `${method} ${JSON.stringify(p)} -> ${JSON.stringify(answer)}`).toBe(true)
        // The params as sent, array or not (named params, scalars, null):
        const raw = await callMethod(node.methods, method, p)
        if ('error' in raw) expect(ALLOWED_CODES.has(raw.error.code), `${method} ${JSON.stringify(p)} (as sent) -> ${JSON.stringify(raw)}`).toBe(true)
      }),
      { seed: SEED, numRuns: 3_000 },
    )
    expect(await fingerprint()).toEqual(before)
  }, 180_000)

  it('still accepts a good transaction afterwards', async () => {
    const hash = await node.result<string>('eth_sendRawTransaction', toData(valid))
    expect(await node.result('eth_getTransactionReceipt', hash)).toMatchObject({ status: '0x1' })
  })
})
