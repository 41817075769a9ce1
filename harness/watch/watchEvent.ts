import type { Level, RequirementId } from '../report/result.js'
import type { Exchange } from '../transport/exchange.js'

/** What happened, as the events file and the timeline name it. */
export type WatchEventKind =
  | 'watch-started'
  | 'watch-stopped'
  | 'cycle'
  | 'check-failing'
  | 'check-recovered'
  | 'violation'
  | 'downtime-start'
  | 'downtime-end'
  | 'stall'
  | 'stall-end'
  | 'nodes-disagree'

/**
 * One line of the events file (JSON lines): when, which target, what, and for a violation the
 * requirement it breaks with its level, the exchange that shows it and a line that replays it.
 */
export interface WatchEvent {
  at: string
  kind: WatchEventKind
  /** The target's name (its --name, or host:port of its --rpc). */
  target?: string
  requirement?: RequirementId
  level?: Level
  /** Where it was seen: the cycle's checks, the newHeads follower, the read-back, the head poll. */
  source?: 'cycle' | 'newheads' | 'readback' | 'poll' | 'nodes'
  /** The check (cycle events) or the rule of the follower that saw it (`newheads.gap`...). */
  check?: string
  message: string
  exchange?: Exchange
  /** A curl line (or wscat-style transcript) that replays the exchange. */
  reproduce?: string
  /** Downtime and stalls: when it began and ended, and how long it lasted. */
  startedAt?: string
  endedAt?: string
  durationS?: number
  /** Cycle events: the cycle's number, verdict and counts. */
  cycle?: number
  verdict?: string
  summary?: Record<string, number>
}
