import type { Exchange } from '../transport/exchange.js'
import { responseOutcome } from '../transport/jsonRpcResponse.js'

/** JSON-RPC error codes rate limiters answer: -32005 (EIP-1474 "limit exceeded", providers' rate limits), -32016 (proxyd "over rate limit"). */
export const RATE_LIMIT_CODES: readonly number[] = [-32005, -32016]

const RATE_WORDS = /rate.?limit|too many requests|throttl|request limit|requests? per (second|minute)|quota/i
/** -32005 is also used for result-size limits ("query returned more than 10000 results"): those are not rates. */
const SIZE_WORDS = /results|block range|too large|response size|response is too big/i

/** What one exchange says about rate limiting; null when nothing. */
export interface RateLimitSignal {
  /** HTTP 429 answers behind this exchange: retried ones (the request gate's `attempts`) and a last one returned. */
  http429: number
  /** A Retry-After header on the answer the harness kept. */
  retryAfter: string | null
  /** JSON-RPC rate-limit errors in the answer (a batch can carry several), `code "message"`. */
  rpcErrors: string[]
}

function rpcErrors(response: unknown): string[] {
  const items = Array.isArray(response) ? response : [response]
  const found: string[] = []
  for (const item of items) {
    const outcome = responseOutcome(item)
    if (outcome.kind !== 'error') continue
    const message = typeof outcome.message === 'string' ? outcome.message : ''
    const byCode = typeof outcome.code === 'number' && RATE_LIMIT_CODES.includes(outcome.code) && !SIZE_WORDS.test(message)
    if (byCode || RATE_WORDS.test(message)) found.push(`${String(outcome.code)} ${JSON.stringify(message.slice(0, 80))}`)
  }
  return found
}

/**
 * Reads one exchange for signs of rate limiting (LIMITS; interface spec section 8): HTTP 429 (also
 * when the request gate retried it: `attempts`), a Retry-After header, JSON-RPC rate-limit errors
 * (codes -32005 and -32016, or a message that speaks of a rate limit).
 * @example rateLimitSignal(exchange)?.http429 // 2 when the gate sent it three times
 */
export function rateLimitSignal(exchange: Exchange): RateLimitSignal | null {
  const last429 = exchange.httpStatus === 429 || exchange.failure?.code === 'L2CONF_ERR_RATE_LIMITED'
  const attempts = exchange.attempts ?? 1
  const http429 = last429 ? attempts : attempts - 1
  const retryAfter = exchange.headers?.['retry-after'] ?? null
  const errors = exchange.response === undefined ? [] : rpcErrors(exchange.response)
  if (http429 === 0 && retryAfter === null && errors.length === 0) return null
  return { http429, retryAfter, rpcErrors: errors }
}
