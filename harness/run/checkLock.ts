/** A check waiting for its turn, and whether it must run alone. */
interface Waiter {
  alone: boolean
  start: () => void
}

/**
 * Which in-place checks may run at the same time under `l2conf run`, where vitest runs a file's
 * checks concurrently (ARCHITECTURE.md, the run). Most checks run beside each other; a check that
 * measures the target itself (LIMITS discovery: its largest batch, body, rate) runs alone, since
 * other checks' requests beside it would change what it measures. Turns are taken in the order asked
 * (first come, first served), so a check that must run alone is not starved by the checks after it,
 * and those wait until it is done. Checks that run in the background (`waits`) take no turn: they
 * are written to run beside anything.
 * @example await lock.run(false, () => certify(...)) // beside others; lock.run(true, ...) alone
 */
export class CheckLock {
  #running = 0
  #alone = false
  readonly #waiting: Waiter[] = []

  /** Runs `body` when its turn comes: beside other checks, or (`alone`) with no other check running. */
  async run<T>(alone: boolean, body: () => Promise<T>): Promise<T> {
    if (this.#waiting.length === 0 && this.#free(alone)) this.#take(alone)
    else await new Promise<void>((start) => this.#waiting.push({ alone, start }))
    try {
      return await body()
    } finally {
      this.#running--
      this.#alone = false
      this.#startWaiting()
    }
  }

  /** Checks running now (for tests). */
  get running(): number {
    return this.#running
  }

  #free(alone: boolean): boolean {
    return !this.#alone && (!alone || this.#running === 0)
  }

  #take(alone: boolean): void {
    this.#running++
    if (alone) this.#alone = true
  }

  #startWaiting(): void {
    while (this.#waiting.length > 0 && this.#free(this.#waiting[0]!.alone)) {
      const next = this.#waiting.shift()!
      this.#take(next.alone)
      next.start()
    }
  }
}
