import type { Level, RequirementId } from '../report/result.js'
import type { WatchEvent } from './watchEvent.js'

/** Events the rolling report keeps (the events file keeps them all, rotated): the newest. */
export const TIMELINE_KEPT = 500

/** A requirement as the watch saw it: how often it was broken, and when last. */
export interface RequirementWatch {
  level: Level
  violations: number
  firstAt: string
  lastAt: string
  lastMessage: string
}

/**
 * The rolling report's memory of the watch, bounded however long it runs: counts per requirement and
 * the newest TIMELINE_KEPT events (violations, checks that started failing or recovered, downtime,
 * stalls), their exchanges left to the events file.
 */
export class WatchTimeline {
  readonly requirements = new Map<RequirementId, RequirementWatch>()
  readonly events: WatchEvent[] = []
  /** Whether a MUST requirement was broken at any time (the exit code). */
  mustViolated = false
  dropped = 0

  /** Notes an event (a violation also under its requirement). */
  add(event: WatchEvent): void {
    if ((event.kind === 'violation' || event.kind === 'check-failing') && event.requirement !== undefined && event.level !== undefined) {
      if (event.level === 'MUST') this.mustViolated = true
      const known = this.requirements.get(event.requirement)
      if (known === undefined)
        this.requirements.set(event.requirement, { level: event.level, violations: 1, firstAt: event.at, lastAt: event.at, lastMessage: event.message })
      else Object.assign(known, { violations: known.violations + 1, lastAt: event.at, lastMessage: event.message })
    }
    const { exchange: _left, ...kept } = event
    this.events.push(kept)
    if (this.events.length > TIMELINE_KEPT) {
      this.events.splice(0, this.events.length - TIMELINE_KEPT)
      this.dropped++
    }
  }
}
