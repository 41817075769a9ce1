import { unlimitedAbortController } from './unlimitedAbortController.js'
import type { Pool } from 'undici'
import { boundedHttpRequest, type WireRequest } from './boundedHttpRequest.js'
import type { Exchange } from './exchange.js'
import { closePool, poolFor } from './httpPool.js'
import { maskUrl } from './maskUrl.js'
import { parseTargetUrl } from './targetUrl.js'
import { emitExchange } from './emitExchange.js'
import type { TransportOptions } from './transportOptions.js'
import { secretHeaderNames, wireHeaders } from './wireHeaders.js'
import { HttpLiveness } from './httpLiveness.js'
import type { TransportHealth } from './transportHealth.js'

/** What one REST request sends besides its path: any method (negative probes), a query, the probe's own headers. */
export interface RestRequestInit {
  method?: string
  query?: Record<string, string>
  headers?: Record<string, string>
}

/** The `request` of a REST exchange: the probe's own headers, never the configured secrets. */
type RestRequestRecord = { method: string; url: string; headers: Record<string, string> }

/**
 * The treasury REST API client (interface spec 4.4; requirements REST-SHAPE, REST-ERRORS): GET by
 * default, any method for negative probes, through the run's RequestGate, bounded by
 * TransportOptions. The exchange's `request` is `{ method, url, headers }` (the probe's own headers,
 * never the configured secrets), `protocol` is 'rest', and the body is `response` when the content
 * type is JSON and it parses, else `rawResponse`.
 * @example const rest = new RestClient('http://127.0.0.1:3000/api', options); await rest.request('/portfolio', { query: { addresses: a } })
 */
export class RestClient {
  /** The base address as recorded in exchanges (credentials masked). */
  readonly baseUrl: string
  readonly #options: TransportOptions
  readonly #pool: Pool
  readonly #origin: string
  readonly #basePath: string
  readonly #headers: Record<string, string>
  readonly #secretHeaders: readonly string[] | undefined
  readonly #limits: { timeoutMs: number; maxResponseBytes: number }
  readonly #health: TransportHealth | undefined
  readonly #liveness: HttpLiveness | undefined
  /** Aborted when the health judges the transport unusable: requests in flight end at once. */
  // Every request in flight listens to it (--concurrency of them, and more waiting): no listener cap.
  readonly #inFlight = unlimitedAbortController()
  #closed = false

  constructor(baseUrl: string, options: TransportOptions) {
    const parsed = parseTargetUrl(baseUrl, 'the REST address', ['http:', 'https:'])
    this.baseUrl = maskUrl(baseUrl)
    this.#options = options
    this.#pool = poolFor(parsed, options)
    // The recorded origin keeps the masked user:password part, so evidence shows that there was one.
    const pathStart = this.baseUrl.indexOf('/', this.baseUrl.indexOf('//') + 2)
    this.#origin = pathStart === -1 ? this.baseUrl : this.baseUrl.slice(0, pathStart)
    this.#basePath = parsed.pathname.replace(/\/+$/, '')
    this.#headers = wireHeaders(parsed, {}, options)
    this.#secretHeaders = secretHeaderNames(options)
    this.#limits = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes }
    this.#health = options.health?.rest
    this.#health?.onUnusable((failure) => this.#inFlight.abort(failure))
    if (this.#health !== undefined)
      this.#liveness = new HttpLiveness(parsed, options, {
        method: 'GET',
        path: this.#basePath === '' ? '/' : this.#basePath,
        headers: this.#headers,
        body: null,
      })
  }

  /**
   * Requests `path` under the base address (e.g. '/portfolio' under 'http://host/api').
   * @example await rest.request('/v2/treasury/tokens', { method: 'DELETE' }) // expect 405
   */
  async request(path: string, init: RestRequestInit = {}): Promise<Exchange> {
    const method = (init.method ?? 'GET').toUpperCase()
    let target = `${this.#basePath}${path.startsWith('/') ? '' : '/'}${path}`
    if (init.query !== undefined) {
      const query = new URLSearchParams(init.query).toString()
      if (query !== '') target += `${target.includes('?') ? '&' : '?'}${query}`
    }
    let headers = this.#headers
    if (init.headers !== undefined) {
      headers = { ...headers }
      for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value
    }
    const wire: WireRequest = { method, path: target, headers, body: null }
    const request = { method, url: `${this.#origin}${target}`, headers: { ...init.headers } }
    const unusable = this.#unusable(request)
    if (unusable !== undefined) return emitExchange(this.#options, unusable)
    const exchange = await this.#options.gate.run(() => this.#dispatch(wire, request))
    this.#observe(exchange, `${method} ${target}`)
    return emitExchange(this.#options, exchange)
  }

  /** Closes the pool: waits (bounded by the timeout) for requests in flight, then drops the connections. */
  async close(graceMs: number = this.#options.timeoutMs): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([closePool(this.#pool, graceMs), this.#liveness?.close()])
  }

  #dispatch(wire: WireRequest, request: RestRequestRecord): Promise<Exchange> {
    const exchange = this.#exchange(request)
    if (this.#closed) {
      exchange.failure = { code: 'L2CONF_ERR_CLOSED', message: 'the transport is closed' }
      return Promise.resolve(exchange)
    }
    // Judged unusable while this request waited at the gate: it is not sent either.
    const unusable = this.#unusable(request)
    if (unusable !== undefined) return Promise.resolve(unusable)
    if (this.#options.replay !== undefined) return Promise.resolve(this.#options.replay.answer(exchange))
    return boundedHttpRequest(this.#pool, wire, this.#limits, 'json-content-type', exchange, this.#options.health?.bytes, this.#inFlight.signal)
  }

  #exchange(request: RestRequestRecord): Exchange {
    const exchange: Exchange = { transport: 'http', protocol: 'rest', url: request.url, request, startedAt: Date.now(), durationMs: 0 }
    if (this.#secretHeaders !== undefined) exchange.secretHeaders = this.#secretHeaders
    return exchange
  }

  /** The exchange a request gets, unsent, once the REST API is judged unusable (TransportHealth). */
  #unusable(request: RestRequestRecord): Exchange | undefined {
    const failure = this.#health?.unusable
    if (failure === undefined) return undefined
    const exchange = this.#exchange(request)
    exchange.failure = { code: failure.code, message: failure.message }
    return exchange
  }

  /** Tells the health what an exchange showed: a time-out (the REST API has no envelope to judge) or an answer. */
  #observe(exchange: Exchange, what: string): void {
    const health = this.#health
    const liveness = this.#liveness
    if (health === undefined || liveness === undefined) return
    if (exchange.failure?.code === 'L2CONF_ERR_TIMEOUT') health.timedOut(`${what}: ${exchange.failure.message}`, () => liveness.ask(), exchange)
    else if ((exchange.failure?.code === 'L2CONF_ERR_UNREACHABLE' || exchange.failure?.code === 'L2CONF_ERR_CLOSED') && !this.#closed)
      health.noConnection(`${what}: ${exchange.failure.message}`, () => liveness.ask(), exchange)
    else if (exchange.httpStatus !== undefined) health.answered()
  }
}
