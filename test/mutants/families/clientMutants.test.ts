import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RpcCall } from '../mutant.js'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { checksumAddress } from './equivalentMutants.js'
import { chainChecksumAddress, clientMutants, VM_ERROR_MESSAGE } from './clientMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(clientMutants)
})
afterAll(async () => {
  await fixture?.close()
})

const call = (method: string): RpcCall => ({
  request: { jsonrpc: '2.0', id: 1, method, params: [] },
  method,
  params: [],
  id: 1,
  notification: false,
  transport: 'http',
  inBatch: false,
})
const mutant = (name: string) => clientMutants.find((m) => m.name === name)!.create()

test('client-revert-message-without-revert: a revert keeps its code and data, and loses the word "revert"; nothing else changes', () => {
  const hooks = mutant('client-revert-message-without-revert')
  const revert = { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted: no', data: '0x08c379a0' } }
  expect(hooks.response!(call('eth_call'), revert)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: 3, message: VM_ERROR_MESSAGE, data: '0x08c379a0' } })
  expect(hooks.response!(call('eth_estimateGas'), revert)).toMatchObject({ error: { code: 3, message: VM_ERROR_MESSAGE } })
  expect(hooks.response!(call('eth_sendRawTransaction'), revert)).toBe(revert)
  const other = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid params' } }
  expect(hooks.response!(call('eth_call'), other)).toBe(other)
})

test('chainChecksumAddress: EIP-1191 for a chain id, which is not EIP-55', () => {
  // EIP-1191's own test vector for chain 30 (RSK mainnet).
  expect(chainChecksumAddress('0x27b1fdb04752bbc536007a920d24acb045561c26', 30)).toBe('0x27b1FdB04752BBc536007A920D24ACB045561c26')
  const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
  expect(chainChecksumAddress(address, 901)).not.toBe(checksumAddress(address))
  expect(chainChecksumAddress(address, 901).toLowerCase()).toBe(address)
})

test('client-address-chain-checksum: every address in blocks and notifications in the chain-specific case', async () => {
  const name = 'client-address-chain-checksum'
  const block = (await fixture.call(name, 'eth_getBlockByNumber', ['0x1', true])).result as { miner: string; transactions: Array<{ from: string }> }
  expect(block.miner).toBe(chainChecksumAddress('0x4200000000000000000000000000000000000011', 901))
  expect(block.transactions[0]!.from).toBe(chainChecksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 901))
  const socket = await fixture.socket(name)
  await socket.request({ jsonrpc: '2.0', method: 'eth_subscribe', params: ['newHeads'], id: 1 })
  fixture.upstream.emitHead()
  const [notification] = (await socket.waitForNotifications(1, 5_000)) as Array<{ params: { result: { miner: string } } }>
  expect(notification!.params.result.miner).toBe(block.miner)
  await socket.close()
})
