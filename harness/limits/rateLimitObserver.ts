import type { Exchange } from '../transport/exchange.js'
import { rateLimitSignal } from './rateLimitSignal.js'

/** What a RateLimitObserver has seen so far. */
export interface RateLimitTally {
  /** Exchanges observed. */
  exchanges: number
  /** Exchanges with any sign of rate limiting. */
  limited: number
  http429: number
  retryAfter: string[]
  /** `code "message"` -> how many times. */
  rpcErrors: Record<string, number>
}

/**
 * Tallies the signs of rate limiting in every exchange of a run (fed from the transports'
 * onExchange), so LIMITS can report limits that earlier checks ran into, not only its own burst.
 * @example const observer = new RateLimitObserver(); options.onExchange = (e) => observer.observe(e)
 */
export class RateLimitObserver {
  #exchanges = 0
  #limited = 0
  #http429 = 0
  readonly #retryAfter = new Set<string>()
  readonly #rpcErrors = new Map<string, number>()

  observe(exchange: Exchange): void {
    this.#exchanges++
    const signal = rateLimitSignal(exchange)
    if (signal === null) return
    this.#limited++
    this.#http429 += signal.http429
    if (signal.retryAfter !== null && this.#retryAfter.size < 5) this.#retryAfter.add(signal.retryAfter)
    for (const error of signal.rpcErrors) {
      if (this.#rpcErrors.has(error) || this.#rpcErrors.size < 5) this.#rpcErrors.set(error, (this.#rpcErrors.get(error) ?? 0) + 1)
    }
  }

  tally(): RateLimitTally {
    return {
      exchanges: this.#exchanges,
      limited: this.#limited,
      http429: this.#http429,
      retryAfter: [...this.#retryAfter],
      rpcErrors: Object.fromEntries(this.#rpcErrors),
    }
  }
}

/** The tally between two snapshots (what happened after `before`). */
export function tallySince(now: RateLimitTally, before: RateLimitTally): RateLimitTally {
  const rpcErrors: Record<string, number> = {}
  for (const [error, count] of Object.entries(now.rpcErrors)) {
    const more = count - (before.rpcErrors[error] ?? 0)
    if (more > 0) rpcErrors[error] = more
  }
  return {
    exchanges: now.exchanges - before.exchanges,
    limited: now.limited - before.limited,
    http429: now.http429 - before.http429,
    // The values are a set: any seen so far may have come again.
    retryAfter: now.limited > before.limited ? now.retryAfter : [],
    rpcErrors,
  }
}

/** One line for a tally: `HTTP 429 to 12 requests (Retry-After: 1); JSON-RPC -32005 "rate limit exceeded" (3 times)`, or null when nothing was seen. */
export function describeTally(tally: RateLimitTally): string | null {
  const parts: string[] = []
  if (tally.http429 > 0) parts.push(`HTTP 429 to ${tally.http429} request${tally.http429 === 1 ? '' : 's'}`)
  if (tally.retryAfter.length > 0) parts.push(`Retry-After: ${tally.retryAfter.join(', ')}`)
  for (const [error, count] of Object.entries(tally.rpcErrors)) parts.push(`JSON-RPC ${error}${count > 1 ? ` (${count} times)` : ''}`)
  return parts.length === 0 ? null : parts.join('; ')
}
