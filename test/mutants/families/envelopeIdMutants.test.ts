import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { envelopeIdMutants } from './envelopeIdMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(envelopeIdMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const idOf = async (mutant: string, method: string, id: unknown): Promise<unknown> => (await fixture.call(mutant, method, [], id)).id
const batchIds = async (mutant: string, ids: unknown[]): Promise<unknown[]> =>
  (
    (
      await fixture.post(
        mutant,
        ids.map((id) => ({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })),
      )
    ).json as Array<{ id: unknown }>
  ).map((item) => item.id)

test('envelope-id-float32: ids past 2^24 come back rounded, alone and in a batch; smaller ones exactly', async () => {
  expect(await idOf('envelope-id-float32', 'eth_chainId', 2 ** 24 + 1)).toBe(2 ** 24)
  expect(await idOf('envelope-id-float32', 'eth_chainId', 2 ** 24 - 1)).toBe(2 ** 24 - 1)
  expect(await batchIds('envelope-id-float32', [1, 2 ** 24 + 1])).toEqual([1, 2 ** 24])
})

test('envelope-id-wide-as-string: ids past 2^31 - 1 come back as strings', async () => {
  expect(await idOf('envelope-id-wide-as-string', 'eth_chainId', 2 ** 31)).toBe('2147483648')
  expect(await idOf('envelope-id-wide-as-string', 'eth_chainId', 2 ** 31 - 1)).toBe(2 ** 31 - 1)
})

test('envelope-id-digits-as-number: "42" comes back as 42, other strings exactly', async () => {
  expect(await idOf('envelope-id-digits-as-number', 'eth_chainId', '42')).toBe(42)
  expect(await batchIds('envelope-id-digits-as-number', ['42', 'l2conf-7', ''])).toEqual([42, 'l2conf-7', ''])
})

test('envelope-id-string-error-null: errors to string ids carry null; results and numeric ids are exact', async () => {
  expect(await idOf('envelope-id-string-error-null', 'l2conf_noSuchMethod', 'l2conf-7')).toBe(null)
  expect(await idOf('envelope-id-string-error-null', 'eth_chainId', 'l2conf-7')).toBe('l2conf-7')
  expect(await idOf('envelope-id-string-error-null', 'l2conf_noSuchMethod', 7)).toBe(7)
  const socket = await fixture.socket('envelope-id-string-error-null')
  expect(await socket.request({ jsonrpc: '2.0', method: 'l2conf_noSuchMethod', params: [], id: null })).toMatchObject({ id: null })
  await socket.close()
})
