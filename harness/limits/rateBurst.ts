import type { Exchange } from '../transport/exchange.js'
import { RateLimitObserver, type RateLimitTally } from './rateLimitObserver.js'
import { rateLimitSignal } from './rateLimitSignal.js'

export interface BurstProbe {
  /** One cheap read-only call (eth_chainId) through the run's transport, so --rate and --concurrency apply. */
  call(): Promise<Exchange>
  /** At most this many requests. */
  requests: number
  /** And for at most this long (ms): a slow or paced target ends the burst early. */
  maxMs: number
  /** Calls in flight at once (the run's gate may allow fewer). */
  workers: number
}

/** What a burst saw: how many calls went out, and when the first sign of rate limiting came. */
export interface BurstOutcome {
  sent: number
  elapsedMs: number
  /** Calls answered without any sign of rate limiting before the first one with it; null when none had it. */
  answeredBeforeLimit: number | null
  /**
   * Milliseconds from the start of the burst to the sending of the first call answered with a sign of
   * rate limiting (its answer may come much later: the request gate waits out a 429 and sends again).
   */
  limitedAfterMs: number | null
  tally: RateLimitTally
}

/**
 * A short bounded burst of cheap calls (LIMITS: rate limiting, interface spec section 8): at most
 * `requests` calls, for at most `maxMs`, stopping at the first answer that shows rate limiting
 * (HTTP 429, Retry-After, a JSON-RPC rate-limit error).
 * @example await rateBurst({ call: () => http.call('eth_chainId'), requests: 200, maxMs: 2000, workers: 8 })
 */
export async function rateBurst(probe: BurstProbe): Promise<BurstOutcome> {
  const observer = new RateLimitObserver()
  const started = performance.now()
  let sent = 0
  let answered = 0
  let answeredBeforeLimit: number | null = null
  let limitedAfterMs: number | null = null
  const worker = async (): Promise<void> => {
    while (limitedAfterMs === null && sent < probe.requests && performance.now() - started < probe.maxMs) {
      sent++
      const sentAt = performance.now() - started
      const exchange = await probe.call()
      observer.observe(exchange)
      if (rateLimitSignal(exchange) === null) answered++
      else if (limitedAfterMs === null) {
        limitedAfterMs = sentAt
        answeredBeforeLimit = answered
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(probe.workers, probe.requests)) }, worker))
  return { sent, elapsedMs: performance.now() - started, answeredBeforeLimit, limitedAfterMs, tally: observer.tally() }
}
