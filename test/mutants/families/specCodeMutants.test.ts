import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { specCodeMutants } from './specCodeMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(specCodeMutants)
})
afterAll(async () => {
  await fixture?.close()
})

test('blocked-server-error-code and blocked-without-data: the blocked methods still answer an error, with the wrong code or no data', async () => {
  expect(await fixture.call('blocked-server-error-code', 'eth_getAccounts', [])).toMatchObject({ error: { code: -32000 } })
  const plain = await fixture.call('blocked-without-data', 'eth_sendTransaction', [{ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }])
  expect(plain).toMatchObject({ error: { code: -32601 } })
  expect((plain.error as Record<string, unknown>).data).toBeUndefined()
  expect(await fixture.call('blocked-without-data', 'eth_chainId', [])).toMatchObject({ result: '0x385' })
})

test('range-oversized-server-error: only a refused range of more than 1000 blocks changes code', async () => {
  expect(await fixture.call('range-oversized-server-error', 'eth_getBlockRange', ['0x0', '0x3e8', false])).toMatchObject({ error: { code: -32000 } })
  expect(await fixture.call('range-oversized-server-error', 'eth_getBlockRange', ['0x2', '0x1', false])).toMatchObject({ error: { code: -32602 } })
})

test('range-bad-params-server-error: -32602 of eth_getBlockRange becomes -32000; other methods keep it', async () => {
  expect(await fixture.call('range-bad-params-server-error', 'eth_getBlockRange', ['0x2', '0x1', false])).toMatchObject({ error: { code: -32000 } })
  expect(await fixture.call('range-bad-params-server-error', 'eth_getBlockByNumber', ['0xZZ', false])).toMatchObject({ error: { code: -32602 } })
})

test('errors-jsonrpc-version-ignored answers every version; errors-jsonrpc-absent-accepted only a missing one', async () => {
  for (const body of [
    { method: 'eth_chainId', params: [], id: 1 },
    { jsonrpc: '1.0', method: 'eth_chainId', params: [], id: 1 },
    { jsonrpc: 2, method: 'eth_chainId', params: [], id: 1 },
  ]) {
    expect((await fixture.post('errors-jsonrpc-version-ignored', body)).json).toMatchObject({ result: '0x385' })
  }
  expect((await fixture.post('errors-jsonrpc-absent-accepted', { method: 'eth_chainId', params: [], id: 1 })).json).toMatchObject({ result: '0x385' })
})
