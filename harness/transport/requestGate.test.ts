import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Exchange } from './exchange.js'
import { RequestGate } from './requestGate.js'

function exchange(httpStatus: number, headers: Record<string, string> = {}): Exchange {
  return { transport: 'http', url: 'http://target', request: {}, httpStatus, headers, startedAt: 0, durationMs: 0 }
}

/** A send whose answer the test releases by hand. */
function heldSend(): { send: () => Promise<Exchange>; started: number; release: () => void } {
  const releases: Array<() => void> = []
  const held = {
    started: 0,
    send: () => {
      held.started++
      return new Promise<Exchange>((resolve) => releases.push(() => resolve(exchange(200))))
    },
    release: () => releases.shift()?.(),
  }
  return held
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('RequestGate', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('never has more than `concurrency` requests in flight, and starts the waiting ones in order', async () => {
    const gate = new RequestGate({ concurrency: 2 })
    const order: number[] = []
    const held = heldSend()
    const runs = [0, 1, 2, 3, 4].map((i) => gate.run(() => (order.push(i), held.send())))
    await flush()
    expect(held.started).toBe(2)
    expect(gate.stats).toMatchObject({ inFlight: 2, queued: 3 })
    held.release()
    await flush()
    expect(held.started).toBe(3)
    for (let i = 0; i < 4; i++) {
      held.release()
      await flush()
    }
    await Promise.all(runs)
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(gate.stats).toMatchObject({ inFlight: 0, queued: 0 })
  })

  it('starts at most ratePerSecond requests per second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const gate = new RequestGate({ concurrency: 100, ratePerSecond: 10 })
    let started = 0
    const runs = Array.from({ length: 5 }, () => gate.run(async () => (started++, exchange(200))))
    await flush()
    expect(started).toBe(1)
    await vi.advanceTimersByTimeAsync(99)
    expect(started).toBe(1)
    await vi.advanceTimersByTimeAsync(2)
    expect(started).toBe(2)
    await vi.advanceTimersByTimeAsync(300)
    expect(started).toBe(5)
    await Promise.all(runs)
  })

  it('pauses the whole gate for Retry-After after a 429, then sends the request again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const gate = new RequestGate({ concurrency: 4 })
    const answers = [exchange(429, { 'retry-after': '2' }), exchange(200)]
    let sent = 0
    const limited = gate.run(async () => answers[sent++] as Exchange)
    await flush()
    let otherStarted = false
    const other = gate.run(async () => ((otherStarted = true), exchange(200)))
    await vi.advanceTimersByTimeAsync(1990)
    expect(sent).toBe(1)
    expect(otherStarted).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    const result = await limited
    expect(result.httpStatus).toBe(200)
    expect(result.attempts).toBe(2)
    expect((await other).httpStatus).toBe(200)
    expect(gate.stats.rateLimited).toBe(1)
  })

  it('bounds the pause by maxRetryWaitMs and returns the last 429 as RATE_LIMITED past the retry budget', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const gate = new RequestGate({ concurrency: 1, maxRetries: 2, maxRetryWaitMs: 1000 })
    let sent = 0
    const run = gate.run(async () => (sent++, exchange(429, { 'retry-after': '3600' })))
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toBe(1)
    await vi.advanceTimersByTimeAsync(2100)
    const result = await run
    expect(sent).toBe(3)
    expect(result.attempts).toBe(3)
    expect(result.failure?.code).toBe('L2CONF_ERR_RATE_LIMITED')
    expect(result.httpStatus).toBe(429)
  })

  it('backs off without a Retry-After, doubling from retryBaseMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const gate = new RequestGate({ concurrency: 1, retryBaseMs: 100 })
    const starts: number[] = []
    const answers = [exchange(429), exchange(429), exchange(200)]
    const run = gate.run(async () => (starts.push(performance.now()), answers.shift() as Exchange))
    await vi.advanceTimersByTimeAsync(1000)
    expect((await run).attempts).toBe(3)
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(100)
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(200)
  })

  it('releases the slot when a send throws', async () => {
    const gate = new RequestGate({ concurrency: 1 })
    await expect(gate.run(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug')
    expect((await gate.run(async () => exchange(200))).httpStatus).toBe(200)
  })

  it('sends a request that calls a method another check holds only once the holder is done, without taking a slot meanwhile', async () => {
    const gate = new RequestGate({ concurrency: 1 })
    let finish!: () => void
    const holding = gate.holds.hold(['rollup_getInfo'], () => new Promise<void>((resolve) => (finish = resolve)))
    const sent: string[] = []
    const info = gate.run(async () => (sent.push('rollup_getInfo'), exchange(200)), { jsonrpc: '2.0', id: 1, method: 'rollup_getInfo', params: [] })
    const chainId = gate.run(async () => (sent.push('eth_chainId'), exchange(200)), { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] })
    await chainId
    await flush()
    expect(sent).toEqual(['eth_chainId'])
    finish()
    await Promise.all([holding, info])
    expect(sent).toEqual(['eth_chainId', 'rollup_getInfo'])
  })

  it('refuses nonsense settings', () => {
    expect(() => new RequestGate({ concurrency: 0 })).toThrow(RangeError)
    expect(() => new RequestGate({ concurrency: 1, ratePerSecond: 0 })).toThrow(RangeError)
  })

  it('starts the waiting requests of the lowest rank first, and equal ranks in the order they came', async () => {
    let rank = 0
    const gate = new RequestGate({ concurrency: 1, rankOf: () => rank })
    const order: string[] = []
    let release!: () => void
    const first = gate.run(() => new Promise<Exchange>((resolve) => (release = () => resolve(exchange(200)))))
    const queued = (name: string, r: number): Promise<Exchange> => {
      rank = r
      return gate.run(async () => {
        order.push(name)
        return exchange(200)
      })
    }
    const waiting = [queued('late check a', 5), queued('early check', 1), queued('late check b', 5), queued('earliest check', 0)]
    await flush()
    release()
    await Promise.all([first, ...waiting])
    expect(order).toEqual(['earliest check', 'early check', 'late check a', 'late check b'])
  })

  it('never waits out a Retry-After longer than the run may last: the request ends at once, rate-limited, and the run hears of it', async () => {
    const heard: number[] = []
    const gate = new RequestGate({ concurrency: 1, giveUpBeyondMs: 600_000, onGiveUp: (_exchange, asked) => heard.push(asked) })
    let sent = 0
    const started = performance.now()
    const answered = await gate.run(async () => {
      sent++
      return exchange(429, { 'retry-after': '3600' })
    })
    expect(sent).toBe(1)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(answered.failure).toEqual({
      code: 'L2CONF_ERR_RATE_LIMITED',
      message: 'the target answered HTTP 429 asking to wait 3600 s (Retry-After: 3600), longer than the run may last (600 s)',
    })
    expect(heard).toEqual([3_600_000])
  })
})
