import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { blockParamMutants } from './blockParamMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(blockParamMutants)
})
afterAll(async () => {
  await fixture?.close()
})
type Block = Record<string, unknown>
const range = (mutant: string, params: unknown[]): Promise<Record<string, unknown>> => fixture.call(mutant, 'eth_getBlockRange', params)
const numbers = (answer: Record<string, unknown>): unknown[] => (answer.result as Block[]).map((b) => b.number)

test('range-integer-refused: an integer at either bound is -32602; tags and hex quantities pass', async () => {
  expect(await range('range-integer-refused', [1, '0x2', false])).toMatchObject({
    error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' },
  })
  expect(await range('range-integer-refused', ['earliest', 2, false])).toMatchObject({
    error: { code: -32602, message: 'invalid argument 1: hex string without 0x prefix' },
  })
  expect(numbers(await range('range-integer-refused', ['earliest', '0x2', false]))).toEqual(['0x0', '0x1', '0x2'])
})

test('range-integer-as-hex-digits: 1 is still block 1, 10 is block 16 (past the fake chain: an error)', async () => {
  expect(numbers(await range('range-integer-as-hex-digits', [1, 2, false]))).toEqual(['0x1', '0x2'])
  expect(await range('range-integer-as-hex-digits', [0, 10, false])).toMatchObject({ error: { code: -32000 } })
})

test('range-pending-start-unresolved: "pending" as the start adds the pending block first; other starts are untouched', async () => {
  const answer = await range('range-pending-start-unresolved', ['pending', 'latest', false])
  expect(numbers(answer)).toEqual([null, '0x3'])
  expect((answer.result as Block[])[0]).toMatchObject({ hash: null, nonce: null, miner: null })
  expect(numbers(await range('range-pending-start-unresolved', ['latest', 'pending', false]))).toEqual(['0x3'])
})

test('range-latest-start-unresolved: "latest" then a number walks from the head, then from 0', async () => {
  expect(numbers(await range('range-latest-start-unresolved', ['latest', '0x3', false]))).toEqual(['0x3', '0x0', '0x1', '0x2', '0x3'])
  expect(numbers(await range('range-latest-start-unresolved', ['latest', 'latest', false]))).toEqual(['0x3'])
})

test('the pending block with its seal null is for "pending" only; standard-latest-seal-null does it to "latest"', async () => {
  expect((await fixture.call('equivalent-pending-seal-null', 'eth_getBlockByNumber', ['pending', false])).result).toMatchObject({
    number: null,
    hash: null,
    mixHash: null,
  })
  expect((await fixture.call('equivalent-pending-seal-null', 'eth_getBlockByNumber', ['latest', false])).result).toMatchObject({ number: '0x3' })
  expect((await fixture.call('standard-latest-seal-null', 'eth_getBlockByNumber', ['latest', false])).result).toMatchObject({ number: null, hash: null })
  expect((await fixture.call('standard-latest-seal-null', 'eth_getBlockByNumber', ['0x3', false])).result).toMatchObject({ number: '0x3' })
})
