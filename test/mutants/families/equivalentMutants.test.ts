import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { checksumAddress, equivalentMutants } from './equivalentMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(equivalentMutants)
})
afterAll(async () => {
  await fixture?.close()
})

test('checksumAddress spells the EIP-55 test vectors', () => {
  for (const address of [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  ]) {
    expect(checksumAddress(address.toLowerCase())).toBe(address)
  }
})

test('equivalent-batch-reversed: the same items, last first', async () => {
  const batch = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id }))
  expect(((await fixture.post('equivalent-batch-reversed', batch)).json as Array<{ id: number }>).map((item) => item.id)).toEqual([3, 2, 1])
})

test('equivalent-checksum-addresses: addresses in results are checksummed, nothing else changes', async () => {
  const block = (await fixture.call('equivalent-checksum-addresses', 'eth_getBlockRange', ['0x1', '0x1', true])).result as Array<Record<string, unknown>>
  const clean = (await fixture.call('clean', 'eth_getBlockRange', ['0x1', '0x1', true])).result as Array<Record<string, unknown>>
  expect(block[0]!.miner).toBe(checksumAddress('0x4200000000000000000000000000000000000011'))
  expect((block[0]!.transactions as Array<{ from: string }>)[0]!.from).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(JSON.stringify(block).toLowerCase()).toBe(JSON.stringify(clean).toLowerCase())
})
