import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type AnvilHandle } from './startAnvil.js'

describe('startAnvil', () => {
  let anvil: AnvilHandle
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(async () => anvil?.stop())

  it('starts a real node that answers JSON-RPC', async () => {
    const response = await fetch(anvil.rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })
})
