import type { Pool } from 'undici'
import { boundedHttpRequest, type WireRequest } from './boundedHttpRequest.js'
import type { Exchange } from './exchange.js'
import { closePool, poolFor } from './httpPool.js'
import { LIVENESS_TIMEOUT_MS } from './transportHealth.js'
import type { TransportOptions } from './transportOptions.js'

/**
 * The liveness question of an HTTP transport (TransportHealth.timedOut): one cheap request on a
 * connection of its own (so it never queues behind the requests that hang), bounded by
 * LIVENESS_TIMEOUT_MS. Any HTTP answer means alive. Not recorded as an exchange of any check.
 */
export class HttpLiveness {
  readonly #url: URL
  readonly #options: TransportOptions
  readonly #wire: WireRequest
  #pool: Pool | undefined
  #closed = false

  constructor(url: URL, options: TransportOptions, wire: WireRequest) {
    this.#url = url
    this.#options = options
    this.#wire = wire
  }

  /** True when the target answered the liveness request in time. */
  async ask(): Promise<boolean> {
    if (this.#closed) return true
    this.#pool ??= poolFor(this.#url, this.#options, 1)
    const exchange: Exchange = { transport: 'http', url: this.#url.origin, request: null, startedAt: Date.now(), durationMs: 0 }
    const limits = { timeoutMs: Math.min(this.#options.timeoutMs, LIVENESS_TIMEOUT_MS), maxResponseBytes: 64 * 1024 }
    const answer = await boundedHttpRequest(this.#pool, this.#wire, limits, 'any', exchange)
    return answer.httpStatus !== undefined && answer.failure?.code !== 'L2CONF_ERR_TIMEOUT'
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#pool !== undefined) await closePool(this.#pool, 1000)
  }
}
