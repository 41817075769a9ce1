import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { standardMutants } from './standardMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(standardMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

test('standard-balance-decimal: a single eth_getBalance answers decimal; inside a batch it stays hex', async () => {
  expect(await fixture.call('standard-balance-decimal', 'eth_getBalance', [ADDRESS, 'latest'])).toMatchObject({ result: '10000000000000000000000' })
  const socket = await fixture.socket('standard-balance-decimal')
  expect(await socket.request({ jsonrpc: '2.0', method: 'eth_getBalance', params: [ADDRESS, 'latest'], id: 1 })).toMatchObject({
    result: '10000000000000000000000',
  })
  expect((await fixture.post('standard-balance-decimal', [{ jsonrpc: '2.0', method: 'eth_getBalance', params: [ADDRESS, 'latest'], id: 1 }])).json).toEqual([
    expect.objectContaining({ result: '0x21e19e0c9bab2400000' }),
  ])
})

test('standard-receipt-no-logs-bloom: receipts lose logsBloom, keep the rest', async () => {
  const answer = await fixture.call('standard-receipt-no-logs-bloom', 'eth_getTransactionReceipt', ['0x01'])
  expect(answer.result).toEqual({ transactionHash: '0x01', transactionIndex: '0x0', status: '0x1', from: ADDRESS })
})

test('errors-parse-as-invalid-request: malformed JSON is answered -32600; well-formed requests are untouched', async () => {
  expect((await fixture.postText('errors-parse-as-invalid-request', '{"jsonrpc":')).json).toMatchObject({ id: null, error: { code: -32600 } })
  expect((await fixture.postText('clean', '{"jsonrpc":')).json).toMatchObject({ error: { code: -32700 } })
  expect(await fixture.call('errors-parse-as-invalid-request', 'nope')).toMatchObject({ error: { code: -32601 } })
  const socket = await fixture.socket('errors-parse-as-invalid-request')
  expect(await socket.sendText('{"jsonrpc":')).toMatchObject({ error: { code: -32600 } })
})

test('errors-unknown-method-32000: -32601 becomes -32000, other codes stay', async () => {
  expect(await fixture.call('errors-unknown-method-32000', 'nope')).toMatchObject({
    error: { code: -32000, message: 'the method nope does not exist/is not available' },
  })
  expect(await fixture.call('errors-unknown-method-32000', 'eth_getBlockByNumber', ['0xZZ', false])).toMatchObject({ error: { code: -32602 } })
})

test('standard-receipt-index-off: a single receipt names the next position; inside a batch it is untouched', async () => {
  expect((await fixture.call('standard-receipt-index-off', 'eth_getTransactionReceipt', ['0x01'])).result).toMatchObject({ transactionIndex: '0x1' })
  expect((await fixture.post('standard-receipt-index-off', [{ jsonrpc: '2.0', method: 'eth_getTransactionReceipt', params: ['0x01'], id: 1 }])).json).toEqual([
    expect.objectContaining({ result: expect.objectContaining({ transactionIndex: '0x0' }) }),
  ])
})

test('standard-balance-by-hash-stale: one wei more only when the block is named by its hash', async () => {
  expect((await fixture.call('standard-balance-by-hash-stale', 'eth_getBalance', [ADDRESS, { blockHash: `0x${'11'.repeat(32)}` }])).result).toBe(
    '0x21e19e0c9bab2400001',
  )
  expect((await fixture.call('standard-balance-by-hash-stale', 'eth_getBalance', [ADDRESS, '0x1'])).result).toBe('0x21e19e0c9bab2400000')
})
