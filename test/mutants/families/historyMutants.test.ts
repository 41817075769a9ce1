import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type { RpcCall } from '../mutant.js'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { historyMutants } from './historyMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(historyMutants)
})
afterAll(async () => {
  await fixture?.close()
})

const ADDRESS = '0xa0ee7a142d267c1f36714e4a8f75612f20a79720'
const HASH = `0x${'ab'.repeat(32)}`

/** The params the upstream received for one call through `mutant`. */
async function forwarded(mutant: string, method: string, params: unknown[]): Promise<unknown> {
  await fixture.call(mutant, method, params)
  return (JSON.parse(fixture.upstream.httpBodies.at(-1)!) as { params: unknown }).params
}

test('state-past-as-latest: a past block (number, earliest, hash, EIP-1898 object) of the five state reads is asked as "latest"', async () => {
  expect(await forwarded('state-past-as-latest', 'eth_getTransactionCount', [ADDRESS, '0x24'])).toEqual([ADDRESS, 'latest'])
  expect(await forwarded('state-past-as-latest', 'eth_getBalance', [ADDRESS, 'earliest'])).toEqual([ADDRESS, 'latest'])
  expect(await forwarded('state-past-as-latest', 'eth_getCode', [ADDRESS, { blockHash: HASH }])).toEqual([ADDRESS, 'latest'])
  expect(await forwarded('state-past-as-latest', 'eth_getStorageAt', [ADDRESS, '0x0', HASH])).toEqual([ADDRESS, '0x0', 'latest'])
  expect(await forwarded('state-past-as-latest', 'eth_call', [{ to: ADDRESS }, { blockNumber: '0x2' }])).toEqual([{ to: ADDRESS }, 'latest'])
})

test('state-past-as-latest leaves head tags, invalid block params and other methods alone', async () => {
  expect(await forwarded('state-past-as-latest', 'eth_getBalance', [ADDRESS, 'pending'])).toEqual([ADDRESS, 'pending'])
  expect(await forwarded('state-past-as-latest', 'eth_getBalance', [ADDRESS, '0x024'])).toEqual([ADDRESS, '0x024'])
  expect(await forwarded('state-past-as-latest', 'eth_getBalance', [ADDRESS, 0.5])).toEqual([ADDRESS, 0.5])
  expect(await forwarded('state-past-as-latest', 'eth_getBalance', [ADDRESS])).toEqual([ADDRESS])
  expect(await forwarded('state-past-as-latest', 'eth_getBlockByNumber', ['0x1', false])).toEqual(['0x1', false])
})

test('logs-to-block-ignored: a numeric toBlock becomes "latest"; tags, block hashes and other methods are left alone', async () => {
  expect(await forwarded('logs-to-block-ignored', 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x2', address: ADDRESS }])).toEqual([
    { fromBlock: '0x1', toBlock: 'latest', address: ADDRESS },
  ])
  expect(await forwarded('logs-to-block-ignored', 'eth_getLogs', [{ fromBlock: '0x1', toBlock: 'earliest' }])).toEqual([
    { fromBlock: '0x1', toBlock: 'earliest' },
  ])
  expect(await forwarded('logs-to-block-ignored', 'eth_getLogs', [{ blockHash: HASH }])).toEqual([{ blockHash: HASH }])
  expect(await forwarded('logs-to-block-ignored', 'eth_getBlockRange', ['0x1', '0x2', false])).toEqual(['0x1', '0x2', false])
})

test('head-lagging-replica: single calls and a batch of one are untouched; on a still head a batch agrees too', async () => {
  for (let i = 0; i < 3; i++) expect((await fixture.call('head-lagging-replica', 'eth_blockNumber')).result).toBe('0x3')
  const batch = (
    await fixture.post(
      'head-lagging-replica',
      [1, 2, 3].map((id) => ({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id })),
    )
  ).json as Array<{ result: unknown }>
  expect(batch.map((item) => item.result)).toEqual(['0x3', '0x3', '0x3'])
})

test('head-lagging-replica on a moving head: right after a new block, every second eth_blockNumber of a batch names the block before, for 200 ms', () => {
  const hooks = historyMutants.find((m) => m.name === 'head-lagging-replica')!.create()
  const call = (inBatch: boolean): RpcCall => ({ request: {}, method: 'eth_blockNumber', params: [], id: 1, notification: false, transport: 'http', inBatch })
  let now = 1_000_000
  const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
  const single = (head: string): unknown => (hooks.response!(call(false), { jsonrpc: '2.0', id: 1, result: head }) as { result: unknown }).result
  const batch = (head: string, size: number): unknown[] => {
    const items = Array.from({ length: size }, () => hooks.response!(call(true), { jsonrpc: '2.0', id: 1, result: head }))
    return hooks.batch!(items, 'http').map((item) => (item as { result: unknown }).result)
  }
  try {
    expect([single('0x10'), ...batch('0x10', 4)]).toEqual(['0x10', '0x10', '0x10', '0x10', '0x10'])
    now += 1_000
    expect([single('0x11'), single('0x11')]).toEqual(['0x11', '0x11'])
    expect(batch('0x11', 4)).toEqual(['0x11', '0x10', '0x11', '0x10'])
    expect(batch('0x11', 1)).toEqual(['0x11'])
    now += 200
    expect(batch('0x11', 4)).toEqual(['0x11', '0x11', '0x11', '0x11'])
  } finally {
    clock.mockRestore()
  }
})

test('proof-latest-root: eth_getProof at a past block asks for the latest state; at a head tag, and other methods, it is left alone', async () => {
  expect(await forwarded('proof-latest-root', 'eth_getProof', [ADDRESS, ['0x0'], '0x2'])).toEqual([ADDRESS, ['0x0'], 'latest'])
  expect(await forwarded('proof-latest-root', 'eth_getProof', [ADDRESS, [], { blockHash: HASH }])).toEqual([ADDRESS, [], 'latest'])
  expect(await forwarded('proof-latest-root', 'eth_getProof', [ADDRESS, [], 'latest'])).toEqual([ADDRESS, [], 'latest'])
  expect(await forwarded('proof-latest-root', 'eth_getBalance', [ADDRESS, '0x2'])).toEqual([ADDRESS, '0x2'])
})
