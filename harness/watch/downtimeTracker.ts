/** A channel a target is watched over: down when either cannot be used. */
export type Channel = 'http' | 'ws'

/** A downtime that began (`end` null) or ended. */
export interface Downtime {
  target: string
  start: number
  end: number | null
  /** Why it went down: the first failure that said so. */
  reason: string
}

/**
 * Downtime per target (ARCHITECTURE.md, the watch): a target is down from the first channel that
 * cannot reach it until every channel reaches it again, said once when it begins and once when it
 * ends, however many failures come between. Never throws.
 */
export class DowntimeTracker {
  readonly #down = new Map<string, { start: number; reason: string; channels: Set<Channel> }>()
  readonly #onChange: (downtime: Downtime) => void
  /** Downtimes ended so far, and their seconds, by target. */
  readonly ended = new Map<string, { count: number; seconds: number }>()
  /** Targets that answered at least once. */
  readonly reached = new Set<string>()

  constructor(onChange: (downtime: Downtime) => void) {
    this.#onChange = onChange
  }

  /** A channel of `target` failed to reach it at `at` (ms since the epoch). */
  failed(target: string, channel: Channel, reason: string, at: number = Date.now()): void {
    const current = this.#down.get(target)
    if (current !== undefined) {
      current.channels.add(channel)
      return
    }
    this.#down.set(target, { start: at, reason, channels: new Set([channel]) })
    this.#onChange({ target, start: at, end: null, reason })
  }

  /** A channel of `target` reached it at `at`: the downtime ends when no channel is down any more. */
  reachedOver(target: string, channel: Channel, at: number = Date.now()): void {
    this.reached.add(target)
    const current = this.#down.get(target)
    if (current === undefined) return
    current.channels.delete(channel)
    if (current.channels.size > 0) return
    this.#down.delete(target)
    const total = this.ended.get(target) ?? { count: 0, seconds: 0 }
    this.ended.set(target, { count: total.count + 1, seconds: total.seconds + (at - current.start) / 1000 })
    this.#onChange({ target, start: current.start, end: at, reason: current.reason })
  }

  /** Whether `target` is down now. */
  isDown(target: string): boolean {
    return this.#down.has(target)
  }

  /** The downtimes still going on (the final report names them with no end). */
  ongoing(): Downtime[] {
    return [...this.#down].map(([target, { start, reason }]) => ({ target, start, end: null, reason }))
  }
}
