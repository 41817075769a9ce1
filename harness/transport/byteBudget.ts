import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Bytes of target responses the harness may hold at once across every exchange in flight, over
 * all transports of a run. A large body counts its bytes and, once it is parsed, an estimate of
 * what the parsed value holds (parsedBytesEstimate, responseShape.ts): one body near the 64 MiB cap fits
 * at a time; more at once fail (L2CONF_ERR_RESPONSE_TOO_LARGE, naming this budget) instead of
 * driving the harness out of memory.
 */
export const IN_FLIGHT_BYTES_BUDGET = 128 * 1024 * 1024

/**
 * A body at least this large stays counted for as long as its exchange is alive (a finding keeps
 * only bounded evidence of it, boundExchange): many such bodies at once are what drove the harness
 * out of memory.
 * Smaller bodies are given back when their exchange settles.
 */
export const RETAINED_BODY_BYTES = 1024 * 1024

/**
 * A shared count of bytes held from a target (TransportOptions.health.bytes): each exchange takes
 * bytes as its body arrives and gives them back when it settles, or, for a body of
 * RETAINED_BODY_BYTES or more, once the exchange holding it is garbage-collected.
 * @example if (!budget.take(chunk.length)) fail(budget.refusal()); ... budget.settle(exchange, taken)
 */
/**
 * Bytes of large bodies (RETAINED_BODY_BYTES or more) let go of between two garbage collections the
 * budget asks for. V8 lets garbage grow to a multiple of what lives before it collects on its own,
 * and a large body leaves several copies behind (its chunks, its text, what judging it wrote): a run
 * that met a million-key body every few requests peaked at 680 MB though it held 130 MB at once.
 */
export const COLLECT_EVERY_BYTES = 64 * 1024 * 1024

/** A full garbage collection. */
type Collect = () => void

let collector: Collect | undefined | null = null

/**
 * V8's collector: the one a process started with --expose-gc has (the vitest worker of the conformance
 * project), or one asked of V8 when first needed (`l2conf run` runs its checks in its own process,
 * started without the flag). The flag set at run time exposes `gc` to contexts made after it, so a new
 * context hands it over; a runtime that refuses gives none, and the budget then only refuses bodies.
 */
export function runCollector(): Collect | undefined {
  if (collector !== null) return collector
  collector = (globalThis as { gc?: Collect }).gc
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc')
      const exposed = runInNewContext('gc') as unknown
      if (typeof exposed === 'function') collector = exposed as Collect
    } catch {
      collector = undefined
    }
  }
  return collector
}

export class ByteBudget {
  readonly limit: number
  #held = 0
  // Collected already: these bytes are free, not garbage awaiting a collection.
  readonly #collected = new FinalizationRegistry<number>((bytes) => (this.#held = Math.max(0, this.#held - bytes)))
  /** Bytes of large bodies let go of since the last collection. */
  #released = 0
  #collectionDue = false
  readonly #collect: Collect | undefined

  constructor(limit: number = IN_FLIGHT_BYTES_BUDGET, collect: Collect | undefined = runCollector()) {
    this.limit = limit
    this.#collect = collect
  }

  /** Bytes held now. */
  get held(): number {
    return this.#held
  }

  /** Takes `bytes` if they fit under the limit; false (nothing taken) when they do not. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.limit) {
      // What is held may be bodies nobody references any more: a collection frees their bytes.
      this.#collectSoon()
      return false
    }
    this.#held += bytes
    return true
  }

  give(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes)
    this.#letGo(bytes)
  }

  /** An exchange settled holding `bytes` of body: large bodies stay counted while `holder` lives, small ones are given back. */
  settle(holder: object, bytes: number): void {
    if (bytes >= RETAINED_BODY_BYTES) {
      this.#collected.register(holder, bytes)
      // Its copies (chunks, text) are garbage from now on.
      this.#letGo(bytes)
    } else this.give(bytes)
  }

  #letGo(bytes: number): void {
    if (bytes < RETAINED_BODY_BYTES) return
    this.#released += bytes
    if (this.#released >= COLLECT_EVERY_BYTES) this.#collectSoon()
  }

  /** Asks for one garbage collection once the current work is done (a collector exposed, and none due). */
  #collectSoon(): void {
    const collect = this.#collect
    if (collect === undefined || this.#collectionDue) return
    this.#collectionDue = true
    this.#released = 0
    setImmediate(() => {
      this.#collectionDue = false
      collect()
    }).unref()
  }

  /** Why a response was cut off: what the harness held from the target when it arrived. */
  refusal(): string {
    const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MiB`
    return `the harness already held ${mib(this.#held)} of responses in flight; together they pass the budget of ${mib(this.limit)} (IN_FLIGHT_BYTES_BUDGET)`
  }
}
