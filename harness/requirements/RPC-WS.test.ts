import { describe, expect, it } from 'vitest'
import { checkExampleBatch, checkSameOverWebSocket } from './RPC-WS.js'
import { exchangeOf as recordedExchange, recorded, unanswered, withResult } from './fixtures/recorded.js'
import type { Exchange } from '../transport/exchange.js'

const overWs = (name: string) => ({ ...recorded(name), transport: 'ws' as const })
const anyResult = (): [] => []

const exchangeOf = (response: unknown, transport: 'http' | 'ws' = 'http'): Exchange => ({
  transport,
  url: 'http://target.invalid/',
  request: { jsonrpc: '2.0', method: 'the_call', params: [], id: 1 },
  response,
  startedAt: 0,
  durationMs: 0,
})
const result = (value: unknown, transport?: 'http' | 'ws'): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, result: value }, transport)
const error = (code: number, message = 'no', transport?: 'http' | 'ws'): Exchange => exchangeOf({ jsonrpc: '2.0', id: 1, error: { code, message } }, transport)
/** HTTP, WebSocket, WebSocket again, HTTP again. */
const judge = (what: string, before: Exchange, viaWs: Exchange, viaWsAgain: Exchange, after: Exchange) =>
  checkSameOverWebSocket(what, { before, viaWs, viaWsAgain, after })

describe('RPC-WS judges, on answers of the reference', () => {
  it('pass the reference: the same block over both transports', () => {
    expect(judge('eth_getBlockByNumber', recorded('block1'), overWs('block1'), overWs('block1'), recorded('block1'))).toEqual({ findings: [] })
  })

  it('inconsistent: another answer over WebSocket, pointing at the difference', () => {
    const other = { ...(recorded('block1').response as { result: Record<string, unknown> }).result, gasUsed: '0x0' }
    const changed = { ...withResult('block1', other), transport: 'ws' as const }
    const judged = judge('eth_getBlockByNumber', recorded('block1'), changed, changed, recorded('block1'))
    expect('findings' in judged && judged.findings.map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/gasUsed']])
  })

  it('passes when one move of the head explains every answer: the transports agreed before it and after it', () => {
    const [at37, at38] = [withResult('blockNumber', '0x37'), withResult('blockNumber', '0x38')]
    const overWsAt = (e: Exchange): Exchange => ({ ...e, transport: 'ws' })
    expect(judge('eth_blockNumber', at37, overWsAt(at37), overWsAt(at37), at38)).toEqual({ findings: [] })
    expect(judge('eth_blockNumber', at37, overWsAt(at37), overWsAt(at38), at38)).toEqual({ findings: [] })
    expect(judge('eth_blockNumber', at37, overWsAt(at38), overWsAt(at38), at38)).toEqual({ findings: [] })
  })

  it('the state moved when the two HTTP answers differ and the WebSocket ones are neither, or go back', () => {
    const [at37, at38, at39] = [withResult('blockNumber', '0x37'), withResult('blockNumber', '0x38'), withResult('blockNumber', '0x39')]
    const overWsAt = (e: Exchange): Exchange => ({ ...e, transport: 'ws' })
    expect(judge('eth_blockNumber', at37, overWsAt(at39), overWsAt(at39), at38)).toEqual({ moved: true })
    expect(judge('eth_blockNumber', at37, overWsAt(at38), overWsAt(at37), at38)).toEqual({ moved: true })
  })

  it('no-answer over WebSocket is judged by its envelope only', () => {
    const judged = judge('eth_chainId', recorded('chainId'), unanswered('chainId'), unanswered('chainId'), recorded('chainId'))
    expect('findings' in judged && judged.findings.map((f) => f.kind)).toEqual(['no-answer'])
  })

  it('passes an equal result, and errors of the same code whatever their message', () => {
    const same = result({ l2GasPrice: '0x1' })
    expect(judge('rollup_gasPrices', same, result({ l2GasPrice: '0x1' }, 'ws'), result({ l2GasPrice: '0x1' }, 'ws'), same)).toEqual({ findings: [] })
    expect(
      judge(
        'eth_getAccounts',
        error(-32601, 'blocked'),
        error(-32601, 'blocked over ws', 'ws'),
        error(-32601, 'blocked over ws', 'ws'),
        error(-32601, 'blocked'),
      ),
    ).toEqual({ findings: [] })
  })

  it('finds a method missing over WebSocket, another result, a blocked method answered there, an answer that is no JSON-RPC', () => {
    const cases: Array<[Exchange, Exchange]> = [
      [result(['block']), error(-32601, 'not available', 'ws')],
      [result({ l2GasPrice: '0x1' }), result({ l2GasPrice: '0x2' }, 'ws')],
      [error(-32601), result([], 'ws')],
      [result('0x1'), exchangeOf('garbage', 'ws')],
    ]
    for (const [http, ws] of cases) {
      const judged = judge('the call', http, ws, ws, http)
      expect('findings' in judged && judged.findings.length > 0, JSON.stringify(ws.response)).toBe(true)
    }
  })

  it('notes, but does not count, a refusal with another code over WebSocket (Anvil: -32601 over HTTP, -32602 there)', () => {
    expect(judge('eth_getAccounts', error(-32601), error(-32602, 'x', 'ws'), error(-32602, 'x', 'ws'), error(-32601))).toEqual({
      findings: [],
      note: expect.stringMatching(/refused on both transports, with error -32601 over HTTP and -32602 over WebSocket/),
    })
  })

  it('leaves an HTTP call without a usable answer to other checks', () => {
    expect(judge('rollup_getInfo', exchangeOf('garbage'), result(1, 'ws'), result(1, 'ws'), result(1))).toEqual({ findings: [] })
  })

  it('the state moved when answers alternate from call to call (replicas out of step), which HTTP, WebSocket, HTTP would blame on the transport', () => {
    const [odd, even] = [result({ timestamp: 1000 }), result({ timestamp: 940 }, 'ws')]
    expect(judge('rollup_getInfo', odd, even, result({ timestamp: 1000 }, 'ws'), result({ timestamp: 940 }))).toEqual({ moved: true })
  })

  it('a batch of examples: each item valid; batch-mismatch when one is missing', () => {
    const calls = [
      { request: { jsonrpc: '2.0' as const, method: 'eth_chainId', params: [], id: 1 }, validate: anyResult },
      { request: { jsonrpc: '2.0' as const, method: 'eth_blockNumber', params: [], id: 2 }, validate: anyResult },
    ]
    const answer = [
      { jsonrpc: '2.0', id: 2, result: '0x37' },
      { jsonrpc: '2.0', id: 1, result: '0x385' },
    ]
    expect(
      checkExampleBatch(
        recordedExchange(
          calls.map((c) => c.request),
          answer,
        ),
        calls,
      ),
    ).toEqual([])
    expect(
      checkExampleBatch(
        recordedExchange(
          calls.map((c) => c.request),
          answer.slice(0, 1),
        ),
        calls,
      ).map((f) => f.kind),
    ).toEqual(['batch-mismatch'])
  })
})
