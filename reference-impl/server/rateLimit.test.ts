import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createRateLimiter, rateLimitedAnswer } from './rateLimit.js'
import { startRpcServer } from './startRpcServer.js'

describe('createRateLimiter', () => {
  it('lets a burst of N through per client, then refuses with the seconds until the next token, and refills at N a second', () => {
    let now = 0
    const limiter = createRateLimiter(5, () => now)
    const taken = Array.from({ length: 7 }, () => limiter.take('10.0.0.1'))
    expect(taken.filter((verdict) => verdict.ok)).toHaveLength(5)
    expect(taken[5]).toEqual({ ok: false, retryAfterSeconds: 1 })
    expect(limiter.take('10.0.0.2')).toEqual({ ok: true })
    now += 200
    expect(limiter.take('10.0.0.1')).toEqual({ ok: true })
    expect(limiter.take('10.0.0.1').ok).toBe(false)
    now += 1000
    expect(Array.from({ length: 6 }, () => limiter.take('10.0.0.1').ok)).toEqual([true, true, true, true, true, false])
  })

  it('forgets idle clients instead of growing without bound', () => {
    let now = 0
    const limiter = createRateLimiter(1, () => now)
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`)
    now += 5000
    expect(limiter.take('client-0')).toEqual({ ok: true })
  })

  it('refuses a limit that is not a whole number of requests', () => {
    expect(() => createRateLimiter(0)).toThrow(RangeError)
    expect(() => createRateLimiter(1.5)).toThrow(RangeError)
  })
})

describe('rateLimitedAnswer', () => {
  it("answers -32005 with each request's id, nothing to notifications, id null to what cannot be read", () => {
    const error = '"error":{"code":-32005,"message":"rate limit exceeded"}'
    expect(rateLimitedAnswer('{"jsonrpc":"2.0","id":7,"method":"eth_chainId"}')).toBe(`{"jsonrpc":"2.0","id":7,${error}}`)
    expect(rateLimitedAnswer('[{"jsonrpc":"2.0","id":"a","method":"x"},{"jsonrpc":"2.0","method":"y"}]')).toBe(`[{"jsonrpc":"2.0","id":"a",${error}}]`)
    expect(rateLimitedAnswer('{"jsonrpc":"2.0","method":"eth_chainId"}')).toBeUndefined()
    expect(rateLimitedAnswer('{not json')).toBe(`{"jsonrpc":"2.0","id":null,${error}}`)
    expect(rateLimitedAnswer('[]')).toBe(`{"jsonrpc":"2.0","id":null,${error}}`)
  })
})

describe('startRpcServer with a rate limit', () => {
  const CALL = '{"jsonrpc":"2.0","id":9,"method":"eth_chainId","params":[]}'

  it('lets a burst of N through, then answers HTTP 429 with Retry-After and -32005; over WebSocket -32005 with the id', async () => {
    const server = await startRpcServer({ port: 0, methods: new Map([['eth_chainId', () => '0x385']]), log: () => {}, rateLimit: 3 })
    try {
      const post = async (): Promise<{ status: number; retryAfter: unknown; body: unknown }> => {
        const response = await request(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: CALL })
        return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: await response.body.json() }
      }
      const answers = [await post(), await post(), await post()]
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
      // Tokens come back at 3 a second: a slow machine may see a few more pass before the refusal.
      let refused: Awaited<ReturnType<typeof post>> | undefined
      for (let i = 0; i < 50 && refused === undefined; i++) {
        const answer = await post()
        if (answer.status !== 200) refused = answer
      }
      expect(refused).toEqual({ status: 429, retryAfter: '1', body: { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'rate limit exceeded' } } })

      const socket = new WebSocket(server.wsUrl)
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      const replies: unknown[] = []
      socket.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8'))))
      for (let i = 0; i < 50 && !replies.some((reply) => 'error' in (reply as object)); i++) {
        const before = replies.length
        socket.send(CALL)
        while (replies.length === before) await new Promise((resolve) => setImmediate(resolve))
      }
      expect(replies.at(-1)).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32005, message: 'rate limit exceeded' } })
      socket.close()
    } finally {
      await server.close()
    }
  })
})
