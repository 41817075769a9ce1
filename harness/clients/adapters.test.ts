import { describe, expect, it } from 'vitest'
import { exchangeOf, recordedResult } from '../requirements/fixtures/recorded.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import type { LibraryName } from './adapter.js'
import { HttpBridge } from './httpBridge.js'
import { judgeObject, judgeValue } from './judgeReading.js'
import { LIBRARIES, openClient } from './libraries.js'

type Answer = { result: unknown } | { error: { code: number; message: string; data?: string } }

/** A transport that answers each call from `answers` by method (batches item by item), as the reference answered it. */
function transport(answers: Record<string, Answer>): HttpTransport {
  const answer = (request: unknown): unknown => {
    const { id, method } = request as { id: unknown; method: string }
    const found = answers[method]
    return found === undefined
      ? { jsonrpc: '2.0', id, error: { code: -32601, message: `the method ${method} does not exist/is not available` } }
      : { jsonrpc: '2.0', id, ...structuredClone(found) }
  }
  return {
    url: 'http://127.0.0.1:8545',
    send: async (body: unknown) => exchangeOf(body, Array.isArray(body) ? body.map(answer) : answer(body), { headers: { 'content-type': 'application/json' } }),
  } as unknown as HttpTransport
}

const SETTINGS = { timeoutMs: 5_000, chainId: 901n, pollingIntervalMs: 50, eip1559: false }
const TOKEN = {
  token: '0x8464135c8f25da09e49bc8782676a84730c318bc',
  holder: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  empty: '0x00000000000000000000000000000000000c1ec5',
  to: '0x00000000000000000000000000000000000c1ec5',
  amount: 1n,
}
/** Error("ERC20: transfer amount exceeds balance"), as the reference's token reverts with it. */
const REVERT_DATA =
  '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002645524332303a207472616e7366657220616d6f756e7420657863656564732062616c616e63650000000000000000000000000000000000000000000000000000'

async function client(library: LibraryName, answers: Record<string, Answer>) {
  const bridge = new HttpBridge(transport(answers))
  return { bridge, client: await openClient(library, bridge, SETTINGS) }
}

describe.each(LIBRARIES.map(({ name }) => name))('%s over a bridge, on answers the reference gave', (library) => {
  it('reads a recorded block with its transactions as the node answered it', async () => {
    const block = recordedResult('block1Full')
    const { bridge, client: lib } = await client(library, { eth_getBlockByNumber: { result: block } })
    const read = await lib.block({ number: 1n }, true)
    const answer = bridge.lastAnswer('eth_getBlockByNumber')!
    expect(
      judgeObject('block', (answer.response as { result: unknown }).result, read, {
        label: library,
        pointer: '/result',
        ...(lib.sources === undefined ? {} : { sources: lib.sources }),
      }),
    ).toEqual([])
    await lib.close()
  })

  it('is fooled by, or refuses, a chain id written without "0x": either way a finding', async () => {
    const { client: lib } = await client(library, { eth_chainId: { result: '385' } })
    const read = await lib.chainId().catch(() => undefined)
    expect(judgeValue('quantity', '385', read, { label: library, pointer: '/result' }, '')[0]).toMatchObject({
      kind: 'schema-violation',
      message: expect.stringContaining('0x385 = 901'),
    })
    await lib.close()
  })

  it('decodes the reason of a revert answered with code 3, its data and a message saying "revert"', async () => {
    const { client: lib } = await client(library, {
      eth_call: { error: { code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance', data: REVERT_DATA } },
    })
    const error = await lib.simulateTransfer(TOKEN, TOKEN.empty).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(lib.revertOf(error).reason).toBe('ERC20: transfer amount exceeds balance')
    await lib.close()
  })

  it("hands a custom method's result back as answered, and its error with its code", async () => {
    const info = recordedResult('info')
    const { client: lib } = await client(library, { rollup_getInfo: { result: info } })
    expect(await lib.raw('rollup_getInfo', [])).toEqual(info)
    const error = await lib.raw('eth_getBlockRange', ['0x1', '0x2', false]).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(lib.errorCodeOf(error)).toBe(-32601)
    await lib.close()
  })

  it('sends nothing once closed', async () => {
    const { bridge, client: lib } = await client(library, { eth_blockNumber: { result: '0x5' } })
    await lib.close()
    await expect(lib.blockNumber()).rejects.toBeDefined()
    expect(bridge.exchanges).toEqual([])
  })
})

describe('a revert whose message does not say "revert" (the client-revert-message-without-revert variant)', () => {
  it('loses the reason in ethers and web3, which look for the word; viem reads the data', async () => {
    const reasons: Record<string, string | null> = {}
    for (const { name } of LIBRARIES) {
      const { client: lib } = await client(name, { eth_call: { error: { code: 3, message: 'VM execution error.', data: REVERT_DATA } } })
      const error = await lib.simulateTransfer(TOKEN, TOKEN.empty).then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
      reasons[name] = lib.revertOf(error).reason
      await lib.close()
    }
    expect(reasons).toEqual({ viem: 'ERC20: transfer amount exceeds balance', ethers: null, web3: null })
  })
})
