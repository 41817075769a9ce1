import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { wsParityMutants } from './wsParityMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(wsParityMutants)
})
afterAll(async () => {
  await fixture?.close()
})

const overWs = async (mutant: string, method: string, params: unknown[] = []): Promise<unknown> => {
  const socket = await fixture.socket(mutant)
  try {
    return await socket.request({ jsonrpc: '2.0', method, params, id: 5 })
  } finally {
    await socket.close()
  }
}

test('ws-range-missing: eth_getBlockRange is -32601 over WebSocket only', async () => {
  expect(await overWs('ws-range-missing', 'eth_getBlockRange', ['0x1', '0x2', false])).toMatchObject({ id: 5, error: { code: -32601 } })
  expect(await fixture.call('ws-range-missing', 'eth_getBlockRange', ['0x1', '0x2', false])).toHaveProperty('result')
  expect(await overWs('ws-range-missing', 'rollup_gasPrices')).toHaveProperty('result')
})

test('ws-rollup-namespace-missing: every rollup_ method is -32601 over WebSocket, a result over HTTP', async () => {
  for (const method of ['rollup_getInfo', 'rollup_gasPrices']) {
    expect(await overWs('ws-rollup-namespace-missing', method)).toMatchObject({ error: { code: -32601 } })
    expect(await fixture.call('ws-rollup-namespace-missing', method, [])).toHaveProperty('result')
  }
})

test('ws-gas-prices-stale: l1GasPrice is 0x0 over WebSocket only', async () => {
  expect(await overWs('ws-gas-prices-stale', 'rollup_gasPrices')).toMatchObject({ result: { l1GasPrice: '0x0', l2GasPrice: '0x3b9aca00' } })
  expect(await fixture.call('ws-gas-prices-stale', 'rollup_gasPrices', [])).toMatchObject({ result: { l1GasPrice: '0x1' } })
})
