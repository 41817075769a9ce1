import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { rangeMutants } from './rangeMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(rangeMutants)
})
afterAll(async () => {
  await fixture?.close()
})
type Block = Record<string, unknown>
const range = async (mutant: string, params: unknown[]): Promise<Record<string, unknown>> => fixture.call(mutant, 'eth_getBlockRange', params)
const numbers = (answer: Record<string, unknown>): unknown[] => (answer.result as Block[]).map((b) => b.number)

test('range-no-total-difficulty: no block anywhere has totalDifficulty, and the methods still agree', async () => {
  const [block] = (await range('range-no-total-difficulty', ['0x1', '0x1', false])).result as Block[]
  const byNumber = (await fixture.call('range-no-total-difficulty', 'eth_getBlockByNumber', ['0x1', false])).result as Block
  const byHash = (await fixture.call('range-no-total-difficulty', 'eth_getBlockByHash', [block!.hash, false])).result as Block
  expect(block).not.toHaveProperty('totalDifficulty')
  expect(byNumber).toEqual(block)
  expect(byHash).toEqual(block)
  const socket = await fixture.socket('range-no-total-difficulty')
  await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })
  fixture.upstream.emitHead()
  const [notification] = (await socket.waitForNotifications(1, 5_000)) as Array<{ params: { result: Block } }>
  expect(notification!.params.result).not.toHaveProperty('totalDifficulty')
  expect(notification!.params.result).toHaveProperty('parentHash')
})

test('range-descending and range-end-exclusive touch numeric ranges only', async () => {
  expect(numbers(await range('range-descending', ['0x0', '0x2', false]))).toEqual(['0x2', '0x1', '0x0'])
  expect(numbers(await range('range-descending', ['earliest', '0x2', false]))).toEqual(['0x0', '0x1', '0x2'])
  expect(numbers(await range('range-end-exclusive', ['0x0', '0x2', false]))).toEqual(['0x0', '0x1'])
  expect(numbers(await range('range-end-exclusive', ['0x2', '0x2', false]))).toEqual(['0x2'])
  expect(numbers(await range('range-end-exclusive', ['0x1', 'latest', false]))).toEqual(['0x1', '0x2', '0x3'])
})

test('range-tags-unresolved: a numeric start with "latest" as the end is "start greater than end"', async () => {
  expect(await range('range-tags-unresolved', ['0x1', 'latest', false])).toMatchObject({
    error: { code: -32000, message: 'Start of block range (1) is greater than end of block range (-1)' },
  })
  expect(numbers(await range('range-tags-unresolved', ['latest', 'latest', false]))).toEqual(['0x3'])
  expect(numbers(await range('range-tags-unresolved', ['0x1', '0x2', false]))).toEqual(['0x1', '0x2'])
})

test('range-earliest-refused: "earliest" is an invalid argument, other tags work', async () => {
  expect(await range('range-earliest-refused', ['earliest', '0x1', false])).toMatchObject({ error: { code: -32602 } })
  expect(numbers(await range('range-earliest-refused', ['0x0', 'latest', false]))).toEqual(['0x0', '0x1', '0x2', '0x3'])
})

test('range-fulltx-wrong-block-hash: full transactions name the parent block; hashes unchanged', async () => {
  const [block] = (await range('range-fulltx-wrong-block-hash', ['0x1', '0x1', true])).result as Block[]
  expect((block!.transactions as Block[]).map((t) => t.blockHash)).toEqual([block!.parentHash, block!.parentHash])
  expect((await range('range-fulltx-wrong-block-hash', ['0x1', '0x1', false])).result).toEqual((await range('clean', ['0x1', '0x1', false])).result)
})

test('range-fulltx-first-block-only: with true, blocks after the first hold hashes', async () => {
  const blocks = (await range('range-fulltx-first-block-only', ['0x1', '0x2', true])).result as Block[]
  expect((blocks[0]!.transactions as unknown[]).every((t) => typeof t === 'object')).toBe(true)
  const [, hashes] = (await range('clean', ['0x1', '0x2', false])).result as Block[]
  expect(blocks[1]!.transactions).toEqual(hashes!.transactions)
})

test('range-size-off-by-one: the range differs from eth_getBlockByNumber, which is untouched', async () => {
  const clean = (await fixture.call('clean', 'eth_getBlockByNumber', ['0x1', false])).result as Block
  const [sized] = (await range('range-size-off-by-one', ['0x1', '0x1', false])).result as Block[]
  expect(sized).toEqual({ ...clean, size: '0x221' })
  expect((await fixture.call('range-size-off-by-one', 'eth_getBlockByNumber', ['0x1', false])).result).toEqual(clean)
})

test('range-reversed-empty: start after end is []', async () => {
  expect(await range('range-reversed-empty', ['0x2', '0x1', false])).toMatchObject({ result: [] })
  expect(await range('clean', ['0x2', '0x1', false])).toMatchObject({ error: { code: -32602 } })
})

test('range-oversized-hangs: a range over 1000 blocks is left unanswered while others are answered', async () => {
  let settled = false
  void range('range-oversized-hangs', ['0x0', '0x3e8', false]).then(
    () => (settled = true),
    () => (settled = true),
  )
  expect(numbers(await range('range-oversized-hangs', ['0x0', '0x3', false]))).toHaveLength(4)
  expect(await range('clean', ['0x0', '0x3e8', false])).toMatchObject({ error: { code: -32602 } })
  expect(settled).toBe(false)
  expect(rangeMutants.find((m) => m.name === 'range-oversized-hangs')?.runArgs).toEqual(['--timeout', '3000'])
})
