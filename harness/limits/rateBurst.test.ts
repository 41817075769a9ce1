import { afterEach, describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { httpServer } from '../../test/servers/throwawayServer.js'
import { describeRateLimit } from './describeRateLimit.js'
import { rateBurst } from './rateBurst.js'
import { RateLimitObserver } from './rateLimitObserver.js'
import { testTransportOptions } from '../../test/servers/limitsTransportOptions.js'

describe('rateBurst', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('sees nothing on a target without a rate limit, and sends exactly the requests it may', async () => {
    let requests = 0
    const server = await httpServer((_request, response) => {
      requests++
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x385"}')
    })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const burst = await rateBurst({ call: () => http.call('eth_chainId'), requests: 200, maxMs: 60_000, workers: 8 })
    await http.close()
    expect(burst).toMatchObject({ sent: 200, answeredBeforeLimit: null, limitedAfterMs: null })
    expect(requests).toBe(200)
    expect(describeRateLimit(burst, new RateLimitObserver().tally())).toBeNull()
  })

  it('stops at the first HTTP 429 and says after how many requests it came', async () => {
    let requests = 0
    const server = await httpServer((_request, response) => {
      requests++
      if (requests > 30)
        response
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' })
          .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"rate limit exceeded"}}')
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x385"}')
    })
    close = server.close
    const http = new HttpTransport(server.url, testTransportOptions())
    const burst = await rateBurst({ call: () => http.call('eth_chainId'), requests: 200, maxMs: 60_000, workers: 4 })
    await http.close()
    expect(burst.answeredBeforeLimit).toBeGreaterThanOrEqual(27)
    expect(burst.answeredBeforeLimit).toBeLessThanOrEqual(30)
    expect(burst.sent).toBeLessThan(40)
    expect(burst.tally.retryAfter).toEqual(['0'])
    expect(describeRateLimit(burst, null)).toMatch(
      /^HTTP 429 after ~(27|28|29|30) requests in \d+\.\d\d s \(sent at ~\d+ requests\/s\); seen: HTTP 429 to \d+ requests; Retry-After: 0; JSON-RPC -32005 "rate limit exceeded"/,
    )
  })

  it('reads JSON-RPC rate-limit errors (WebSocket targets have no 429) and adds what earlier checks met', async () => {
    let calls = 0
    const exchange = (response: unknown): Exchange => ({ transport: 'ws', url: 'ws://target', request: {}, response, startedAt: 0, durationMs: 0 })
    const burst = await rateBurst({
      call: async () =>
        exchange(++calls > 10 ? { jsonrpc: '2.0', id: 1, error: { code: -32016, message: 'over rate limit' } } : { jsonrpc: '2.0', id: 1, result: '0x1' }),
      requests: 200,
      maxMs: 60_000,
      workers: 1,
    })
    expect(burst).toMatchObject({ sent: 11, answeredBeforeLimit: 10 })
    const earlier = new RateLimitObserver()
    earlier.observe({ ...exchange({}), transport: 'http', httpStatus: 200, attempts: 2 })
    expect(describeRateLimit(burst, earlier.tally())).toMatch(
      /^JSON-RPC -32016 "over rate limit" after ~10 requests in .*; earlier in the run: HTTP 429 to 1 request$/,
    )
  })

  it('ends at its time bound', async () => {
    const burst = await rateBurst({
      call: () =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({
                transport: 'http',
                url: 'x',
                request: {},
                httpStatus: 200,
                response: { jsonrpc: '2.0', id: 1, result: '0x1' },
                startedAt: 0,
                durationMs: 0,
              }),
            20,
          ),
        ),
      requests: 10_000,
      maxMs: 100,
      workers: 2,
    })
    expect(burst.sent).toBeLessThan(10_000)
  })
})
