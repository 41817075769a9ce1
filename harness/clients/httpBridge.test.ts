import { describe, expect, it } from 'vitest'
import { exchangeOf } from '../requirements/fixtures/recorded.js'
import type { Exchange } from '../transport/exchange.js'
import type { HttpTransport } from '../transport/httpTransport.js'
import { answersIn, HttpBridge, responseOf } from './httpBridge.js'

const fixed = (exchange: (body: unknown) => Exchange): HttpTransport =>
  ({ url: 'http://127.0.0.1:8545', send: async (body: unknown) => exchange(body) }) as unknown as HttpTransport

describe('HttpBridge', () => {
  it("posts what a library fetches through the run's transport and answers with the target's status, headers and body", async () => {
    const bridge = new HttpBridge(
      fixed((body) => exchangeOf(body, { jsonrpc: '2.0', id: 7, result: '0x385' }, { headers: { 'content-type': 'application/json' } })),
    )
    const response = await bridge.fetch('ignored', { body: '{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x385' })
    expect(bridge.lastAnswer('eth_chainId')?.response).toEqual({ jsonrpc: '2.0', id: 7, result: '0x385' })
  })

  it("rejects as fetch does when the request got no answer, with the harness's reason", async () => {
    const bridge = new HttpBridge(
      fixed((body) => {
        const { httpStatus: _none, response: _nothing, ...exchange } = exchangeOf(body, undefined)
        return { ...exchange, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 100 ms' } }
      }),
    )
    await expect(bridge.fetch('x', { body: '{}' })).rejects.toMatchObject({
      message: 'fetch failed',
      cause: { message: 'L2CONF_ERR_TIMEOUT: no answer within 100 ms' },
    })
  })

  it('gives a body that is not JSON as it came, and a status Response cannot carry as 502', () => {
    expect(responseOf({ ...exchangeOf({}, undefined), rawResponse: 'Bad Gateway', httpStatus: 502 }).status).toBe(502)
    expect(responseOf({ ...exchangeOf({}, undefined), rawResponse: '', httpStatus: 103 }).status).toBe(502)
    expect(responseOf({ ...exchangeOf({}, undefined), httpStatus: 204 }).body).toBeNull()
  })

  it("finds a call's answer inside a batch by its id", () => {
    const exchange = exchangeOf(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      ],
      [
        { jsonrpc: '2.0', id: 2, result: '0x5' },
        { jsonrpc: '2.0', id: 1, result: '0x385' },
      ],
    )
    expect(answersIn(exchange, 'eth_chainId').map((a) => a.response)).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x385' }])
    expect(answersIn(exchange, 'eth_getBalance')).toEqual([])
  })

  it('sends nothing once closed', async () => {
    let sent = 0
    const bridge = new HttpBridge(fixed((body) => (sent++, exchangeOf(body, {}))))
    bridge.close()
    await expect(bridge.post({})).rejects.toThrow(/ended/)
    expect(sent).toBe(0)
  })
})
