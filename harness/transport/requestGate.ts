import type { Exchange } from './exchange.js'
import { MethodHolds } from './methodHolds.js'
import { retryAfterMs } from './retryAfter.js'

/** Settings of a RequestGate (ARCHITECTURE.md CLI contract: --concurrency, --rate). */
export interface RequestGateOptions {
  /** At most this many requests in flight at once, over all transports of the run. */
  concurrency: number
  /** At most this many requests started per second (a token bucket holding 100 ms worth, at least 1). */
  ratePerSecond?: number
  /** How many times a request answered 429 is sent again before its 429 exchange is returned. Default 3. */
  maxRetries?: number
  /** Upper bound of one pause after a 429, whatever its Retry-After says. Default 5000. */
  maxRetryWaitMs?: number
  /**
   * The rank of the request being queued now: lower goes first, equal ranks in the order they came.
   * A run ranks each request by when its check started, so the oldest check's requests go first and
   * every check ends about as soon as it would alone, the others filling the slots it leaves free
   * (a check that compares reads of a moving head then spans as little of the chain as it can).
   * Default: every request ranks the same (first come, first served).
   */
  rankOf?: () => number
  /**
   * A 429 whose Retry-After asks for a longer wait than this is not retried: the request ends at
   * once with failure L2CONF_ERR_RATE_LIMITED saying how long the target asked for, and `onGiveUp`
   * hears of it (a run cannot wait an hour for a target: it says so instead). Default: never.
   */
  giveUpBeyondMs?: number
  onGiveUp?: (exchange: Exchange, askedMs: number) => void
  /** Pause after a 429 without a readable Retry-After, doubled on each retry of the request. Default 500. */
  retryBaseMs?: number
}

/**
 * The request gate of a run: an in-flight cap (--concurrency) and a requests/s cap (--rate), shared by
 * every transport. A 429 answer pauses the whole gate for its Retry-After (seconds or HTTP-date,
 * bounded by maxRetryWaitMs) and the request is sent again, a bounded number of times; past that its
 * last exchange is returned with failure L2CONF_ERR_RATE_LIMITED (its body kept as evidence).
 * @example const gate = new RequestGate({ concurrency: 8, ratePerSecond: 50 }); await gate.run(() => transport.send(body))
 */
export class RequestGate {
  readonly concurrency: number
  /** Methods a check holds for itself (MethodHolds): another check's request that calls one waits before the gate. */
  readonly holds = new MethodHolds()
  readonly ratePerSecond: number | undefined
  readonly #maxRetries: number
  readonly #maxRetryWaitMs: number
  readonly #retryBaseMs: number
  readonly #burst: number
  #tokens: number
  #refilledAt = 0
  #inFlight = 0
  #pausedUntil = 0
  #rateLimited = 0
  // Waiters by rank, then by arrival (a binary heap).
  readonly #queue = new RankedQueue()
  readonly #rankOf: (() => number) | undefined
  readonly #giveUpBeyondMs: number
  readonly #onGiveUp: ((exchange: Exchange, askedMs: number) => void) | undefined
  #timer: NodeJS.Timeout | undefined
  #timerAt = Infinity
  readonly #onTimer = (): void => {
    this.#timer = undefined
    this.#timerAt = Infinity
    this.#pump()
  }

  constructor(options: RequestGateOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new RangeError('concurrency must be a positive integer')
    if (options.ratePerSecond !== undefined && !(options.ratePerSecond > 0)) throw new RangeError('ratePerSecond must be positive')
    this.concurrency = options.concurrency
    this.ratePerSecond = options.ratePerSecond
    this.#maxRetries = options.maxRetries ?? 3
    this.#maxRetryWaitMs = options.maxRetryWaitMs ?? 5000
    this.#retryBaseMs = options.retryBaseMs ?? 500
    this.#burst = options.ratePerSecond === undefined ? 0 : Math.max(1, options.ratePerSecond / 10)
    this.#tokens = this.#burst
    this.#rankOf = options.rankOf
    this.#giveUpBeyondMs = options.giveUpBeyondMs ?? Infinity
    this.#onGiveUp = options.onGiveUp
  }

  /** Requests in flight, requests waiting, and how many 429 answers the gate has seen. */
  get stats(): { inFlight: number; queued: number; rateLimited: number } {
    return { inFlight: this.#inFlight, queued: this.#queue.size, rateLimited: this.#rateLimited }
  }

  /**
   * Runs one request through the gate: waits for a slot (and a token, and the end of any 429 pause),
   * runs `send`, and sends again after a 429 as described on the class. `send` must not throw
   * (transports return failures as exchanges); if it does, the slot is released and the error passes on.
   * `request`: what is sent (a request object, a batch, raw text), for the methods it calls; while
   * another check holds one of them (`holds`), the request waits first, outside the gate.
   */
  async run(send: () => Promise<Exchange>, request?: unknown): Promise<Exchange> {
    if (request !== undefined && this.holds.blocking(request) !== null) await this.holds.whenFree(request)
    const rank = this.#rankOf?.() ?? 0
    for (let attempt = 1; ; attempt++) {
      if (!this.#tryAcquire()) await this.#acquire(attempt > 1 ? -Infinity : rank)
      let exchange: Exchange
      try {
        exchange = await send()
      } finally {
        this.#release()
      }
      if (exchange.httpStatus !== 429) {
        if (attempt > 1) exchange.attempts = attempt
        return exchange
      }
      this.#rateLimited++
      const asked = retryAfterMs(exchange.headers?.['retry-after'])
      if (asked !== undefined && asked > this.#giveUpBeyondMs) {
        exchange.attempts = attempt
        exchange.failure ??= {
          code: 'L2CONF_ERR_RATE_LIMITED',
          message: `the target answered HTTP 429 asking to wait ${Math.round(asked / 1000)} s (Retry-After: ${exchange.headers?.['retry-after'] ?? ''}), longer than the run may last (${Math.round(this.#giveUpBeyondMs / 1000)} s)`,
        }
        this.#onGiveUp?.(exchange, asked)
        return exchange
      }
      this.#pause(Math.min(asked ?? this.#retryBaseMs * 2 ** (attempt - 1), this.#maxRetryWaitMs))
      if (attempt > this.#maxRetries) {
        exchange.attempts = attempt
        exchange.failure ??= {
          code: 'L2CONF_ERR_RATE_LIMITED',
          message: `the target answered HTTP 429 to ${attempt} attempts (Retry-After: ${exchange.headers?.['retry-after'] ?? 'none'})`,
        }
        return exchange
      }
    }
  }

  #tryAcquire(): boolean {
    if (this.#queue.size > 0 || this.#inFlight >= this.concurrency) return false
    if (this.#pausedUntil !== 0 || this.ratePerSecond !== undefined) {
      const now = performance.now()
      if (now < this.#pausedUntil || !this.#takeToken(now)) return false
    }
    this.#inFlight++
    return true
  }

  /** Waits for a slot; `rank` -Infinity (a request sent again after a 429) goes before every other. */
  #acquire(rank: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#queue.push(rank, resolve)
      this.#pump()
    })
  }

  #release(): void {
    this.#inFlight--
    if (this.#queue.size > 0) this.#pump()
  }

  #pause(ms: number): void {
    const until = performance.now() + ms
    if (until > this.#pausedUntil) this.#pausedUntil = until
  }

  /** Starts as many waiters as the caps allow; otherwise arms one timer for when the next may start. */
  #pump(): void {
    while (this.#queue.size > 0 && this.#inFlight < this.concurrency) {
      const now = performance.now()
      if (now < this.#pausedUntil) return this.#wakeAt(this.#pausedUntil)
      if (this.ratePerSecond !== undefined && !this.#takeToken(now)) {
        return this.#wakeAt(now + ((1 - this.#tokens) / this.ratePerSecond) * 1000)
      }
      const resolve = this.#queue.pop()
      this.#inFlight++
      resolve()
    }
  }

  #takeToken(now: number): boolean {
    const rate = this.ratePerSecond
    if (rate === undefined) return true
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#refilledAt) / 1000) * rate)
    this.#refilledAt = now
    if (this.#tokens < 1) return false
    this.#tokens -= 1
    return true
  }

  #wakeAt(at: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timerAt = at
    this.#timer = setTimeout(this.#onTimer, Math.max(1, Math.ceil(at - performance.now())))
  }
}

/** Waiters ordered by rank, then by arrival: a binary heap, O(log n) a push or a pop. */
class RankedQueue {
  readonly #heap: Array<{ rank: number; seq: number; resolve: () => void }> = []
  #seq = 0

  get size(): number {
    return this.#heap.length
  }

  push(rank: number, resolve: () => void): void {
    const heap = this.#heap
    heap.push({ rank, seq: this.#seq++, resolve })
    let at = heap.length - 1
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (!before(heap[at]!, heap[parent]!)) break
      ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
      at = parent
    }
  }

  /** The first waiter; call only when size > 0. */
  pop(): () => void {
    const heap = this.#heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let at = 0
      for (;;) {
        const left = 2 * at + 1
        const right = left + 1
        let first = at
        if (left < heap.length && before(heap[left]!, heap[first]!)) first = left
        if (right < heap.length && before(heap[right]!, heap[first]!)) first = right
        if (first === at) break
        ;[heap[at], heap[first]] = [heap[first]!, heap[at]!]
        at = first
      }
    }
    return top.resolve
  }
}

function before(a: { rank: number; seq: number }, b: { rank: number; seq: number }): boolean {
  return a.rank < b.rank || (a.rank === b.rank && a.seq < b.seq)
}
