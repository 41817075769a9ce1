import { type Dispatcher, Pool } from 'undici'
import { closedLoop, type LoopResult } from './closedLoop.js'
import type { AnswerCheck } from './answerCheck.js'

/** One timed run of the load generator against its target. */
export interface UndiciLoadRun {
  /** The request body (JSON-RPC text) of the n-th request of the run (0, 1, ...), e.g. rotating block windows. */
  body: (sequence: number) => string
  /** Judges a parsed answer. */
  check: AnswerCheck
  durationMs: number
  /**
   * true: every answer is decoded and parsed (what any client must do to use it). false (default):
   * bytes are only counted, and each worker's first answer and every 32nd after it are parsed and checked,
   * so the generator spends its CPU (shared with the target on a small machine) on sending, not reading.
   */
  parseEvery?: boolean
  /** Where to put each request's latency (ms, send to last byte), when wanted. */
  latencies?: number[]
}

/** What a run did: the closed loop's counts and the bytes of the answers. */
export interface UndiciLoadResult extends LoopResult {
  bytes: number
}

const VERIFY_EVERY = 32
const HEADERS = { 'content-type': 'application/json' }

/** Collects one answer: its status, its size, and its bytes when they are to be read. */
class AnswerHandler implements Dispatcher.DispatchHandler {
  statusCode = 0
  bytes = 0
  readonly chunks: Buffer[] | undefined
  readonly #resolve: (answer: AnswerHandler) => void
  readonly #reject: (error: Error) => void

  constructor(keep: boolean, resolve: (answer: AnswerHandler) => void, reject: (error: Error) => void) {
    this.chunks = keep ? [] : undefined
    this.#resolve = resolve
    this.#reject = reject
  }

  // Present so undici takes this for a handler of its current interface (not the legacy one).
  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.statusCode = statusCode
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.bytes += chunk.length
    this.chunks?.push(chunk)
  }

  onResponseEnd(): void {
    this.#resolve(this)
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.#reject(error)
  }
}

/**
 * The benchmarks' load generator: JSON-RPC POSTs over an undici Pool with keep-alive, `connections`
 * connections and as many requests in flight (a closed loop, one worker per connection), for a fixed
 * duration per run. Requests go through the pool's raw dispatch with a minimal handler, so the
 * generator takes as little of the machine's CPU (shared with the target) as undici allows. Both
 * sides of every comparison go through the same generator, so they meet the same client.
 * @example const load = new UndiciLoad(rpc, 8); const r = await load.run({ body: () => text, check, durationMs: 3000 })
 */
export class UndiciLoad {
  readonly connections: number
  readonly #pool: Pool
  readonly #path: string

  constructor(url: string, connections: number) {
    const parsed = new URL(url)
    this.connections = connections
    this.#path = `${parsed.pathname}${parsed.search}`
    this.#pool = new Pool(parsed.origin, { connections, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: 120_000, bodyTimeout: 120_000 })
  }

  /** Runs the closed loop for `durationMs` and counts answers, wrong answers and bytes. */
  async run(options: UndiciLoadRun): Promise<UndiciLoadResult> {
    let sequence = 0
    let bytes = 0
    const answered = new Array<number>(this.connections).fill(0)
    const loop = await closedLoop(this.connections, options.durationMs, async (worker) => {
      const started = performance.now()
      const verify = options.parseEvery === true || (answered[worker] as number) % VERIFY_EVERY === 0
      answered[worker] = (answered[worker] as number) + 1
      const answer = await this.#post(options.body(sequence++), verify)
      options.latencies?.push(performance.now() - started)
      bytes += answer.bytes
      if (answer.chunks === undefined) return answer.statusCode === 200 ? undefined : `HTTP ${answer.statusCode}`
      const text = Buffer.concat(answer.chunks, answer.bytes).toString('utf8')
      return answer.statusCode === 200 ? options.check(JSON.parse(text)) : `HTTP ${answer.statusCode}: ${text.slice(0, 200)}`
    })
    return { ...loop, bytes }
  }

  /** One POST through the pool's raw dispatch (no stream per response: the cheapest way undici offers). */
  #post(body: string, keep: boolean): Promise<AnswerHandler> {
    return new Promise((resolve, reject) => {
      this.#pool.dispatch({ method: 'POST', path: this.#path, headers: HEADERS, body }, new AnswerHandler(keep, resolve, reject))
    })
  }

  /** Closes the pool (its keep-alive connections). */
  async close(): Promise<void> {
    await this.#pool.close()
  }
}
