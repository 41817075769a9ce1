import type { RequirementId } from '../report/result.js'
import type { Exchange } from '../transport/exchange.js'
import type { Channel } from './downtimeTracker.js'
import type { WatchEvent } from './watchEvent.js'

/** A violation seen live, before it is stamped with its time and level. */
export interface LiveViolation {
  target: string
  requirement: RequirementId
  source: NonNullable<WatchEvent['source']>
  check: string
  message: string
  exchange?: Exchange
}

/**
 * Where a target's followers report what they see (the watch, startWatch.ts): violations, other
 * events, heads, a new block announced, and whether a channel reached the target.
 */
export interface WatchSink {
  violation(violation: LiveViolation): void
  event(event: Omit<WatchEvent, 'at'> & { at?: string }): void
  head(target: string, transport: 'http' | 'ws', number: number): void
  announced(target: string, number: number, hash: string, at: number): void
  newHead(target: string, faults: { gaps: number; duplicates: number; back: boolean }): void
  stalled(target: string): void
  served(target: string, seconds: number): void
  reached(target: string, channel: Channel): void
  unreachable(target: string, channel: Channel, reason: string): void
}
