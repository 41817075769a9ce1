import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkSameOverWs } from './transportParity.js'

const exchangeOf = (response: unknown, transport: 'http' | 'ws' = 'http'): Exchange => ({
  transport,
  url: 'http://target.invalid/',
  request: {},
  response,
  startedAt: 0,
  durationMs: 0,
})
const result = (value: unknown, transport?: 'http' | 'ws'): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, result: value }, transport)
const error = (code: number, message = 'no', transport?: 'http' | 'ws'): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, error: { code, message } }, transport)

describe('checkSameOverWs()', () => {
  it('passes an equal result, and errors of the same code whatever their message', () => {
    expect(
      checkSameOverWs(
        'rollup_gasPrices',
        result({ l2GasPrice: '0x1' }),
        result({ l2GasPrice: '0x1' }, 'ws'),
        result({ l2GasPrice: '0x1' }, 'ws'),
        result({ l2GasPrice: '0x1' }),
      ),
    ).toEqual({ findings: [] })
    expect(
      checkSameOverWs(
        'eth_getAccounts',
        error(-32601, 'blocked'),
        error(-32601, 'blocked over ws', 'ws'),
        error(-32601, 'blocked over ws', 'ws'),
        error(-32601, 'blocked'),
      ),
    ).toEqual({ findings: [] })
  })
  it('finds a method missing over WebSocket, another result, another code, a blocked method answered there', () => {
    const cases: Array<[Exchange, Exchange]> = [
      [result(['block']), error(-32601, 'not available', 'ws')],
      [result({ l2GasPrice: '0x1' }), result({ l2GasPrice: '0x2' }, 'ws')],
      [error(-32601), result([], 'ws')],
      [result('0x1'), exchangeOf('garbage', 'ws')],
    ]
    for (const [http, ws] of cases) {
      const judged = checkSameOverWs('the call', http, ws, ws, http)
      expect('findings' in judged && judged.findings.length, JSON.stringify(ws.response)).toBe(1)
    }
  })
  it('notes, but does not count, a refusal with another code over WebSocket (Anvil: -32601 over HTTP, -32602 there)', () => {
    expect(checkSameOverWs('eth_getAccounts', error(-32601), error(-32602, 'x', 'ws'), error(-32602, 'x', 'ws'), error(-32601))).toEqual({
      findings: [],
      note: expect.stringMatching(/refused on both transports, with error -32601 over HTTP and -32602 over WebSocket/),
    })
  })
  it('says the state moved when the two HTTP answers differ, and leaves a broken HTTP answer to other checks', () => {
    expect(checkSameOverWs('rollup_getInfo', result({ index: 1 }), result({ index: 2 }, 'ws'), result({ index: 2 }, 'ws'), result({ index: 2 }))).toEqual({
      moved: true,
    })
    expect(checkSameOverWs('rollup_getInfo', exchangeOf('garbage'), result(1, 'ws'), result(1, 'ws'), result(1))).toEqual({ findings: [] })
  })
  it('says the state moved when answers alternate from call to call (replicas out of step), which HTTP, WebSocket, HTTP would blame on the transport', () => {
    const [odd, even] = [result({ timestamp: 1000 }), result({ timestamp: 940 }, 'ws')]
    expect(checkSameOverWs('rollup_getInfo', odd, even, result({ timestamp: 1000 }, 'ws'), result({ timestamp: 940 }))).toEqual({ moved: true })
  })
})
