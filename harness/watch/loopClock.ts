/** How often the clock ticks; a tick later than this (plus slack) means the event loop was busy. */
const TICK_MS = 50
const SLACK_MS = 20

/**
 * How long this process's event loop has been too busy to run timers, in total: the watch runs its
 * cycles of checks in its own process, and a silence it caused itself (a cycle compiling schemas,
 * judging large answers) must not be charged to the node as a stall.
 */
export class LoopClock {
  #blockedMs = 0
  #last = performance.now()
  readonly #timer: NodeJS.Timeout

  constructor() {
    this.#timer = setInterval(() => {
      const now = performance.now()
      this.#blockedMs += Math.max(0, now - this.#last - TICK_MS - SLACK_MS)
      this.#last = now
    }, TICK_MS)
    this.#timer.unref()
  }

  /** Milliseconds the loop was blocked so far (compare two readings for a window). */
  blockedMs(): number {
    return this.#blockedMs + Math.max(0, performance.now() - this.#last - TICK_MS - SLACK_MS)
  }

  stop(): void {
    clearInterval(this.#timer)
  }
}
