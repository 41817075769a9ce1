import type { BurstOutcome } from './rateBurst.js'
import { describeTally, type RateLimitTally } from './rateLimitObserver.js'

/**
 * The `rateLimit` of report.json's limits: null when neither the run nor the burst met any rate
 * limiting, else what was seen, e.g. `HTTP 429 after ~50 requests in 0.06 s (sent at ~800
 * requests/s); seen: HTTP 429 to 8 requests; Retry-After: 1`, then what earlier checks of the run met.
 */
export function describeRateLimit(burst: BurstOutcome, beforeBurst: RateLimitTally | null): string | null {
  const parts: string[] = []
  if (burst.limitedAfterMs !== null) {
    const seconds = burst.limitedAfterMs / 1000
    const count = burst.answeredBeforeLimit ?? 0
    const rate = seconds > 0 ? Math.round(count / seconds) : count
    const firstError = Object.keys(burst.tally.rpcErrors)[0]
    const kind = burst.tally.http429 > 0 ? 'HTTP 429' : firstError !== undefined ? `JSON-RPC ${firstError}` : 'Retry-After'
    parts.push(`${kind} after ~${count} requests in ${seconds.toFixed(2)} s (sent at ~${rate} requests/s)`)
    const seen = describeTally(burst.tally)
    if (seen !== null) parts.push(`seen: ${seen}`)
  }
  const earlier = beforeBurst === null ? null : describeTally(beforeBurst)
  if (earlier !== null) parts.push(`earlier in the run: ${earlier}`)
  return parts.length === 0 ? null : parts.join('; ')
}
