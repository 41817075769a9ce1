import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { chainMutants } from './chainMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(chainMutants)
})
afterAll(async () => {
  await fixture?.close()
})
type Block = Record<string, unknown>

test.each([
  ['chain-parent-hash-altered', 'parentHash', `0x${'02'.repeat(31)}03`],
  ['chain-extra-data-altered', 'extraData', '0xff'],
])('%s: block 2 shows %s %s by number, by hash, in a range and in newHeads alike', async (mutant, field, expected) => {
  const block = (await fixture.call(mutant, 'eth_getBlockByNumber', ['0x2', false])).result as Block
  expect(block[field]).toBe(expected)
  expect((await fixture.call(mutant, 'eth_getBlockByHash', [block.hash, false])).result).toEqual(block)
  expect((await fixture.call(mutant, 'eth_getBlockRange', ['0x2', '0x2', false])).result).toEqual([block])
  expect(block.hash).toBe(((await fixture.call('clean', 'eth_getBlockByNumber', ['0x2', false])) as { result: Block }).result.hash)
  const socket = await fixture.socket(mutant)
  await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })
  fixture.upstream.emitHead()
  const [notification] = (await socket.waitForNotifications(1, 5_000)) as Array<{ params: { result: Block } }>
  const head = (await fixture.call(mutant, 'eth_getBlockByNumber', ['latest', false])).result as Block
  const { transactions: _t, ...header } = head
  expect(notification!.params.result).toEqual(header)
})

test('chain-full-view-transactions-root-altered: only the full-transactions view of a block shows another transactionsRoot', async () => {
  const mutant = 'chain-full-view-transactions-root-altered'
  const hashes = (await fixture.call(mutant, 'eth_getBlockByNumber', ['0x2', false])).result as Block
  const full = (await fixture.call(mutant, 'eth_getBlockByNumber', ['0x2', true])).result as Block
  const clean = (await fixture.call('clean', 'eth_getBlockByNumber', ['0x2', true])).result as Block
  expect(hashes.transactionsRoot).toBe(clean.transactionsRoot)
  expect(full.transactionsRoot).not.toBe(clean.transactionsRoot)
  expect({ ...full, transactionsRoot: clean.transactionsRoot }).toEqual(clean)
})
