import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkSpecError } from './specErrorFindings.js'

const exchangeOf = (response: unknown): Exchange => ({ transport: 'http', url: 'http://target.invalid/', request: {}, response, startedAt: 0, durationMs: 0 })
const error = (code: unknown, data?: unknown): Exchange =>
  exchangeOf({ jsonrpc: '2.0', id: 1, error: { code, message: 'blocked', ...(data === undefined ? {} : { data }) } })
const blocked = { code: -32601, data: { blocked: true, alternative: 'eth_sendRawTransaction' } }

describe('checkSpecError()', () => {
  it('passes the code and the data the spec names, whatever the prose', () => {
    expect(checkSpecError(error(-32601, { blocked: true, alternative: 'sign it yourself' }), 'eth_sendTransaction', blocked)).toEqual([])
    expect(checkSpecError(error(-32602), 'a range of 1001 blocks', { code: -32602 })).toEqual([])
  })
  it('leaves a result and a broken answer to the requirement that says the call fails', () => {
    expect(checkSpecError(exchangeOf({ jsonrpc: '2.0', id: 1, result: '0x1' }), 'eth_getAccounts', blocked)).toEqual([])
    expect(checkSpecError(exchangeOf('garbage'), 'eth_getAccounts', blocked)).toEqual([])
  })
  it('finds another code, missing data and a data member of another value', () => {
    expect(checkSpecError(error(-32000), 'eth_sendTransaction', blocked)[0]?.message).toMatch(/answered error -32000 .*openrpc.json names code -32601/)
    expect(checkSpecError(error('-32601'), 'eth_sendTransaction', blocked)[0]?.message).toMatch(/malformed/)
    expect(checkSpecError(error(-32601), 'eth_getAccounts', blocked)[0]).toMatchObject({
      pointer: '/error/data/blocked',
      message: expect.stringMatching(/error.data.blocked is missing/),
    })
    expect(checkSpecError(error(-32601, { blocked: 'yes' }), 'eth_getAccounts', blocked)[0]?.message).toMatch(
      /error.data.blocked is "yes"; openrpc.json names true/,
    )
  })
})
