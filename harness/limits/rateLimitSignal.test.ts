import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { rateLimitSignal } from './rateLimitSignal.js'

const base: Exchange = { transport: 'http', url: 'http://target', request: {}, startedAt: 0, durationMs: 0, httpStatus: 200 }
const error = (code: number, message: string): unknown => ({ jsonrpc: '2.0', id: 1, error: { code, message } })

describe('rateLimitSignal', () => {
  it('sees nothing in a plain answer', () => {
    expect(rateLimitSignal({ ...base, response: { jsonrpc: '2.0', id: 1, result: '0x1' } })).toBeNull()
  })

  it('counts the 429s the request gate retried, and a last 429 with its Retry-After', () => {
    expect(rateLimitSignal({ ...base, attempts: 3, response: {} })).toEqual({ http429: 2, retryAfter: null, rpcErrors: [] })
    expect(
      rateLimitSignal({ ...base, httpStatus: 429, attempts: 4, headers: { 'retry-after': '1' }, failure: { code: 'L2CONF_ERR_RATE_LIMITED', message: '' } }),
    ).toEqual({ http429: 4, retryAfter: '1', rpcErrors: [] })
  })

  it('reads JSON-RPC rate-limit errors by code or wording, in batches too, but not result-size limits that share -32005', () => {
    expect(rateLimitSignal({ ...base, response: error(-32005, 'rate limit exceeded') })?.rpcErrors).toEqual(['-32005 "rate limit exceeded"'])
    expect(rateLimitSignal({ ...base, response: [error(-32016, 'over rate limit'), { jsonrpc: '2.0', id: 2, result: '0x1' }] })?.rpcErrors).toEqual([
      '-32016 "over rate limit"',
    ])
    expect(rateLimitSignal({ ...base, response: error(-32000, 'Too Many Requests') })?.rpcErrors).toEqual(['-32000 "Too Many Requests"'])
    expect(rateLimitSignal({ ...base, response: error(-32005, 'query returned more than 10000 results') })).toBeNull()
    expect(rateLimitSignal({ ...base, response: error(-32602, 'invalid argument 0') })).toBeNull()
  })
})
