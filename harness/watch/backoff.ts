/** First wait before reconnecting to a target that went away, and the longest. */
export const BACKOFF_FIRST_MS = 500
export const BACKOFF_MAX_MS = 30_000

/**
 * The wait before reconnection attempt `attempt` (0 the first): doubled each time from
 * BACKOFF_FIRST_MS up to `maxMs`, with up to a fifth of it random so many watchers of one node
 * do not knock at the same instant.
 */
export function backoffMs(attempt: number, maxMs = BACKOFF_MAX_MS, random: () => number = Math.random): number {
  const base = Math.min(maxMs, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 30))
  return Math.round(base * (0.8 + 0.2 * random()))
}
