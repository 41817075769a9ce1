import { AsyncLocalStorage } from 'node:async_hooks'

/** One method held by one holder: its requests pass, everyone else's wait for `released`. */
interface Hold {
  owner: symbol
  released: Promise<void>
}

/**
 * JSON-RPC methods a check holds for itself while it runs beside other checks. A check that judges a
 * sequence of answers of one method (INFO-PROGRESS: rollup_getInfo's counters between spaced calls)
 * must see consecutive answers of the target: a target whose replicas alternate per request would
 * otherwise show the check only every other answer, depending on what ran beside it. While a method
 * is held, another check's request that calls it (alone, in a batch, or in a raw text that names it)
 * waits until the holder has finished; the holder's own requests (its async context) pass.
 * @example await holds.hold(['rollup_getInfo'], () => sampleCounters()) // others' rollup_getInfo calls wait
 */
export class MethodHolds {
  readonly #held = new Map<string, Hold>()
  readonly #owner = new AsyncLocalStorage<symbol>()

  /**
   * Runs `run` holding `methods`. The holds are taken at once when they are free (before `run` starts,
   * so a request sent right after this call already waits); a method another holder has is waited for.
   */
  async hold<T>(methods: readonly string[], run: () => Promise<T>): Promise<T> {
    for (;;) {
      const busy = methods.map((method) => this.#held.get(method)).find((hold) => hold !== undefined)
      if (busy === undefined) break
      await busy.released
    }
    const owner = Symbol('method hold')
    let release!: () => void
    const hold: Hold = { owner, released: new Promise<void>((resolve) => (release = resolve)) }
    for (const method of methods) this.#held.set(method, hold)
    try {
      return await this.#owner.run(owner, run)
    } finally {
      for (const method of methods) this.#held.delete(method)
      release()
    }
  }

  /**
   * Null when `request` (a request object, a batch, or raw text) may go now; otherwise a promise that
   * resolves when it may (ask again then: another holder may have taken the method meanwhile).
   */
  blocking(request: unknown): Promise<void> | null {
    if (this.#held.size === 0) return null
    const owner = this.#owner.getStore()
    for (const [method, hold] of this.#held) {
      if (hold.owner !== owner && calls(request, method)) return hold.released
    }
    return null
  }

  /** Resolves once `request` may go (see `blocking`). */
  async whenFree(request: unknown): Promise<void> {
    for (let wait = this.blocking(request); wait !== null; wait = this.blocking(request)) await wait
  }
}

/** Whether a request (object, batch array, or raw text) calls `method`; raw text is matched as a quoted name. */
function calls(request: unknown, method: string): boolean {
  if (typeof request === 'string') return request.includes(`"${method}"`)
  if (Array.isArray(request)) return request.some((item) => calls(item, method))
  return typeof request === 'object' && request !== null && (request as { method?: unknown }).method === method
}
