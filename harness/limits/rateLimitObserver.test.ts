import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { describeTally, RateLimitObserver, tallySince } from './rateLimitObserver.js'

const exchange = (extra: Partial<Exchange>): Exchange => ({
  transport: 'http',
  url: 'http://target',
  request: {},
  httpStatus: 200,
  startedAt: 0,
  durationMs: 0,
  ...extra,
})

describe('RateLimitObserver', () => {
  it('tallies 429s, Retry-After values and JSON-RPC rate-limit errors over many exchanges', () => {
    const observer = new RateLimitObserver()
    observer.observe(exchange({ response: { jsonrpc: '2.0', id: 1, result: '0x1' } }))
    const before = observer.tally()
    expect(describeTally(before)).toBeNull()
    observer.observe(exchange({ attempts: 3 }))
    observer.observe(exchange({ httpStatus: 429, headers: { 'retry-after': '1' } }))
    observer.observe(exchange({ response: { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'rate limit exceeded' } } }))
    observer.observe(exchange({ response: { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'rate limit exceeded' } } }))
    expect(observer.tally()).toEqual({ exchanges: 5, limited: 4, http429: 3, retryAfter: ['1'], rpcErrors: { '-32005 "rate limit exceeded"': 2 } })
    expect(describeTally(observer.tally())).toBe('HTTP 429 to 3 requests; Retry-After: 1; JSON-RPC -32005 "rate limit exceeded" (2 times)')
    expect(tallySince(observer.tally(), before)).toEqual({
      exchanges: 4,
      limited: 4,
      http429: 3,
      retryAfter: ['1'],
      rpcErrors: { '-32005 "rate limit exceeded"': 2 },
    })
    expect(describeTally(tallySince(observer.tally(), observer.tally()))).toBeNull()
  })

  it('keeps its memory bounded whatever a target sends', () => {
    const observer = new RateLimitObserver()
    for (let i = 0; i < 1000; i++)
      observer.observe(
        exchange({ headers: { 'retry-after': String(i) }, response: { jsonrpc: '2.0', id: 1, error: { code: -32016, message: `over rate limit ${i}` } } }),
      )
    expect(observer.tally().retryAfter).toHaveLength(5)
    expect(Object.keys(observer.tally().rpcErrors)).toHaveLength(5)
  })
})
