import { afterAll, beforeAll, expect, test } from 'vitest'
import { startProxyFixture, type ProxyFixture } from '../proxyFixture.js'
import { keystoreMutants } from './keystoreMutants.js'

let fixture: ProxyFixture
beforeAll(async () => {
  fixture = await startProxyFixture(keystoreMutants)
})
afterAll(async () => {
  await fixture?.close()
})
const DEV_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const DEV_4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const probe = (from: string): Record<string, string> => ({ from, to: from, value: '0x0', gas: '0x5208', gasPrice: '0x0' })
const lastForwarded = (): { method: string; params: string[] } => JSON.parse(fixture.upstream.httpBodies.at(-1) ?? '{}') as { method: string; params: string[] }

test("blocked-sendtx-signs-for-dev-key: the held key's call becomes a signed raw transaction at the learned nonce; other senders are forwarded as they are", async () => {
  await fixture.call('blocked-sendtx-signs-for-dev-key', 'eth_getTransactionCount', [DEV_3, 'pending'])
  await fixture.call('blocked-sendtx-signs-for-dev-key', 'eth_sendTransaction', [probe(DEV_3)])
  const forwarded = lastForwarded()
  expect(forwarded.method).toBe('eth_sendRawTransaction')
  expect(forwarded.params[0]).toMatch(/^0xf8/)
  expect(await fixture.call('blocked-sendtx-signs-for-dev-key', 'eth_sendTransaction', [probe(DEV_4)])).toMatchObject({ error: { code: -32601 } })
  expect(lastForwarded().method).toBe('eth_sendTransaction')
})

test('blocked-sendtx-signs-then-denies: sends the signed transaction on, and answers the blocked error', async () => {
  const answer = await fixture.call('blocked-sendtx-signs-then-denies', 'eth_sendTransaction', [probe(DEV_4)], 7)
  expect(lastForwarded().method).toBe('eth_sendRawTransaction')
  expect(answer).toEqual({
    jsonrpc: '2.0',
    id: 7,
    error: { code: -32601, message: 'eth_sendTransaction is blocked', data: { blocked: true, alternative: 'eth_sendRawTransaction' } },
  })
})

test('blocked-sendtx-signs-listed-account: eth_accounts lists its key, whose calls are signed', async () => {
  const listed = await fixture.call('blocked-sendtx-signs-listed-account', 'eth_accounts', [])
  const [address] = listed.result as string[]
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await fixture.call('blocked-sendtx-signs-listed-account', 'eth_sendTransaction', [probe(address!)])
  expect(lastForwarded().method).toBe('eth_sendRawTransaction')
})
