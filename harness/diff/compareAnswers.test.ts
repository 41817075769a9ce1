import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { compareRestAnswers, compareRpcAnswers } from './compareAnswers.js'

function rpc(response: unknown, extra: Partial<Exchange> = {}): Exchange {
  return { transport: 'http', url: 'http://a', request: {}, startedAt: 0, durationMs: 1, response, ...extra }
}

describe('compareRpcAnswers', () => {
  it('agrees on equal results whatever the key order', () => {
    expect(compareRpcAnswers('eth_getBlockByNumber', rpc({ id: 1, result: { a: 1, b: [1, 2] } }), rpc({ result: { b: [1, 2], a: 1 }, id: 2 }), 0)).toBeNull()
  })

  it('names the first differing pointer of two results', () => {
    expect(compareRpcAnswers('eth_getBlockByNumber', rpc({ result: { a: 1, b: [1, 2] } }), rpc({ result: { a: 1, b: [1, 3] } }), 0)).toEqual({
      kind: 'result',
      pointer: '/b/1',
      left: 2,
      right: 3,
    })
    expect(compareRpcAnswers('eth_chainId', rpc({ result: '0x1' }), rpc({ result: '0x2' }), 0)).toEqual({
      kind: 'result',
      pointer: '',
      left: '0x1',
      right: '0x2',
    })
  })

  it('compares error codes, never messages', () => {
    expect(
      compareRpcAnswers('m', rpc({ error: { code: -32602, message: 'bad start' } }), rpc({ error: { code: -32602, message: 'invalid argument 0' } }), 0),
    ).toBeNull()
    expect(compareRpcAnswers('m', rpc({ error: { code: -32602, message: 'x' } }), rpc({ error: { code: -32000, message: 'x' } }), 0)).toEqual({
      kind: 'error-code',
      pointer: '/error/code',
      left: -32602,
      right: -32000,
    })
  })

  it('compares structured error data, but not free text in it', () => {
    const blocked = rpc({ error: { code: -32601, message: 'blocked', data: { blocked: true, alternative: 'a wallet' } } })
    const unknown = rpc({ error: { code: -32601, message: 'method not found' } })
    expect(compareRpcAnswers('eth_getAccounts', blocked, unknown, 0)).toEqual({
      kind: 'error-data',
      pointer: '/error/data',
      left: { blocked: true, alternative: 'a wallet' },
      right: undefined,
    })
    expect(
      compareRpcAnswers('eth_call', rpc({ error: { code: 3, message: 'x', data: '0x01' } }), rpc({ error: { code: 3, message: 'y', data: '0x02' } }), 0)?.kind,
    ).toBe('error-data')
    expect(
      compareRpcAnswers('m', rpc({ error: { code: -32000, message: 'x', data: 'stack: a' } }), rpc({ error: { code: -32000, message: 'y' } }), 0),
    ).toBeNull()
  })

  it('reports a result on one side against an error on the other', () => {
    const d = compareRpcAnswers('rollup_getInfo', rpc({ result: {} }), rpc({ error: { code: -32601, message: 'no' } }), 0)
    expect(d).toEqual({ kind: 'result-vs-error', pointer: '', left: { result: {} }, right: { error: { code: -32601 } } })
  })

  it('reports a side without a usable answer, and agrees when both failed alike', () => {
    const timeout = rpc(undefined, { failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10 ms' } })
    expect(compareRpcAnswers('m', rpc({ result: 1 }), timeout, 0)?.kind).toBe('no-answer')
    expect(compareRpcAnswers('m', timeout, { ...timeout, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 20 ms' } }, 0)).toBeNull()
  })

  it('normalises client versions and the moving head', () => {
    expect(compareRpcAnswers('web3_clientVersion', rpc({ result: 'a/1' }), rpc({ result: 'b/2' }), 0)).toBeNull()
    expect(compareRpcAnswers('eth_blockNumber', rpc({ result: '0x10' }), rpc({ result: '0x12' }), 16)).toBeNull()
  })
})

describe('compareRestAnswers', () => {
  it('compares the status, then the body', () => {
    expect(compareRestAnswers(rpc({ a: 1 }, { httpStatus: 200 }), rpc({ a: 1 }, { httpStatus: 200 }))).toBeNull()
    expect(compareRestAnswers(rpc({ a: 1 }, { httpStatus: 200 }), rpc({ a: 1 }, { httpStatus: 404 }))?.kind).toBe('status')
    expect(compareRestAnswers(rpc({ a: 1 }, { httpStatus: 200 }), rpc({ a: 2 }, { httpStatus: 200 }))).toEqual({
      kind: 'body',
      pointer: '/a',
      left: 1,
      right: 2,
    })
  })
})
