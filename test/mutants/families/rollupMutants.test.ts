import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { rollupMutants } from './rollupMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(rollupMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const info = async (mutant: string): Promise<Record<string, unknown>> => (await fixture.call(mutant, 'rollup_getInfo')).result as Record<string, unknown>

test('info-counters-hex: the five counters are hex strings; mode and syncing unchanged', async () => {
  expect(await info('info-counters-hex')).toEqual({
    mode: 'sequencer',
    syncing: false,
    ethContext: { blockNumber: '0x64', timestamp: '0x6553f100' },
    rollupContext: { index: '0x3', queueIndex: '0x0', verifiedIndex: '0x0' },
  })
})

test('info-timestamp-backwards: every other answer has ethContext.timestamp a minute earlier', async () => {
  const stamps = []
  for (let i = 0; i < 4; i++) stamps.push(((await info('info-timestamp-backwards')).ethContext as { timestamp: number }).timestamp)
  expect(stamps).toEqual([1_700_000_000, 1_699_999_940, 1_700_000_000, 1_699_999_940])
})

test('gas-l2-decimal-number: l2GasPrice is a JSON number, l1GasPrice unchanged', async () => {
  expect((await fixture.call('gas-l2-decimal-number', 'rollup_gasPrices')).result).toEqual({ l1GasPrice: '0x1', l2GasPrice: 1_000_000_000 })
})

test('gas-price-plus-one-gwei: eth_gasPrice is l2GasPrice + 1 gwei; rollup_gasPrices unchanged', async () => {
  expect((await fixture.call('gas-price-plus-one-gwei', 'eth_gasPrice')).result).toBe('0x77359400')
  expect((await fixture.call('gas-price-plus-one-gwei', 'rollup_gasPrices')).result).toEqual({ l1GasPrice: '0x1', l2GasPrice: '0x3b9aca00' })
})

test('info-index-ahead: rollupContext.index a million past; the other counters unchanged', async () => {
  expect((await info('info-index-ahead')).rollupContext).toEqual({ index: 1_000_003, queueIndex: 0, verifiedIndex: 0 })
})
