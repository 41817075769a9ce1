import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { passingMutants } from './passingMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(passingMutants)
})
afterAll(async () => {
  await fixture?.close()
})

const numbers = (answer: unknown): unknown[] => ((answer as { result: Array<{ number: unknown }> }).result ?? []).map((b) => b.number)

test("passing-range-newest-first-for-the-example reverses the example's range only", async () => {
  expect(numbers(await fixture.call('passing-range-newest-first-for-the-example', 'eth_getBlockRange', ['0x1', '0x2', false]))).toEqual(['0x2', '0x1'])
  expect(numbers(await fixture.call('passing-range-newest-first-for-the-example', 'eth_getBlockRange', ['0x0', '0x2', false]))).toEqual(['0x0', '0x1', '0x2'])
  expect(numbers(await fixture.call('passing-range-newest-first-for-the-example', 'eth_getBlockRange', ['0x1', '0x2', true]))).toEqual(['0x2', '0x1'])
})

test("passing-range-newest-first-for-libraries leaves the suite's own requests in order", async () => {
  expect(numbers(await fixture.call('passing-range-newest-first-for-libraries', 'eth_getBlockRange', ['0x1', '0x2', false]))).toEqual(['0x1', '0x2'])
})

test('passing-range-newest-first-for-libraries reverses a range asked as viem and web3.js write a request', async () => {
  const asLibrary = await fixture.post('passing-range-newest-first-for-libraries', {
    jsonrpc: '2.0',
    id: 7,
    method: 'eth_getBlockRange',
    params: ['0x0', '0x2', false],
  })
  expect(numbers(asLibrary.json)).toEqual(['0x2', '0x1', '0x0'])
})

test('passing-parse-error-without-id answers a body that is not JSON with -32700 and no id member', async () => {
  const answer = (await fixture.postText('passing-parse-error-without-id', '{"jsonrpc":')).json as Record<string, unknown>
  expect(answer).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } })
  expect(answer).not.toHaveProperty('id')
})
