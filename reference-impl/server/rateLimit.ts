import type { IncomingMessage, ServerResponse } from 'node:http'
import { encodeError, type JsonRpcId } from './jsonRpcResponse.js'

/** The JSON-RPC error of a request over the rate limit (EIP-1474 -32005 "limit exceeded", as providers answer). */
export const RATE_LIMITED = { code: -32005, message: 'rate limit exceeded' } as const

/** Clients tracked at most before idle ones (full buckets) are forgotten: memory stays bounded. */
const MAX_TRACKED = 4096

/** A per-client rate limit: `--rate-limit N`, N requests a second per client address. */
export interface RateLimiter {
  readonly perSecond: number
  /** Takes one request's token for `client`; when none is left, the whole seconds until one is (Retry-After). */
  take(client: string): { ok: true } | { ok: false; retryAfterSeconds: number }
}

/**
 * A token bucket per client address, holding `perSecond` tokens (a second's worth, so a burst of N
 * passes) and refilled at `perSecond` a second. `now` is in milliseconds (tests pass their own clock).
 */
export function createRateLimiter(perSecond: number, now: () => number = () => performance.now()): RateLimiter {
  if (!Number.isSafeInteger(perSecond) || perSecond < 1)
    throw new RangeError(`a rate limit is a whole number of requests a second, at least 1; got ${perSecond}`)
  const buckets = new Map<string, { tokens: number; at: number }>()
  const refill = (bucket: { tokens: number; at: number }, time: number): void => {
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((time - bucket.at) / 1000) * perSecond)
    bucket.at = time
  }
  return {
    perSecond,
    take(client) {
      const time = now()
      let bucket = buckets.get(client)
      if (bucket === undefined) {
        if (buckets.size >= MAX_TRACKED) {
          for (const [key, idle] of buckets) {
            refill(idle, time)
            if (idle.tokens >= perSecond) buckets.delete(key)
          }
        }
        bucket = { tokens: perSecond, at: time }
        buckets.set(client, bucket)
      }
      refill(bucket, time)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) }
    },
  }
}

/** The address a request came from: the rate limit's key. */
export function clientOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown'
}

/** HTTP over the limit: 429 with Retry-After and a JSON-RPC error body (-32005), like rate-limiting proxies. */
export function refuseRateLimited(response: ServerResponse, retryAfterSeconds: number): void {
  const body = encodeError(null, RATE_LIMITED)
  response.writeHead(429, {
    'retry-after': String(retryAfterSeconds),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
  })
  response.end(body)
}

/**
 * WebSocket over the limit (no HTTP status there): the -32005 error for each request of the message,
 * with its id so the client can match it; nothing for notifications; id null for what cannot be read.
 */
export function rateLimitedAnswer(text: string): string | undefined {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return encodeError(null, RATE_LIMITED)
  }
  const answer = (item: unknown): string | undefined => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return encodeError(null, RATE_LIMITED)
    if (!Object.hasOwn(item, 'id')) return undefined
    const id = (item as { id: unknown }).id
    return encodeError(typeof id === 'string' || typeof id === 'number' ? id : (null as JsonRpcId), RATE_LIMITED)
  }
  if (!Array.isArray(payload)) return answer(payload)
  const answers = payload.map(answer).filter((text): text is string => text !== undefined)
  return payload.length === 0 ? encodeError(null, RATE_LIMITED) : answers.length === 0 ? undefined : `[${answers.join(',')}]`
}
