import type { Pool } from 'undici'
import { boundedHttpRequest, type WireRequest } from './boundedHttpRequest.js'
import type { Exchange } from './exchange.js'
import { closePool, poolFor } from './httpPool.js'
import { maskUrl } from './maskUrl.js'
import { parseTargetUrl } from './targetUrl.js'
import { emitExchange } from './emitExchange.js'
import type { TransportOptions } from './transportOptions.js'
import { secretHeaderNames, wireHeaders } from './wireHeaders.js'

/** What one REST request sends besides its path: any method (negative probes), a query, the probe's own headers. */
export interface RestRequestInit {
  method?: string
  query?: Record<string, string>
  headers?: Record<string, string>
}

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
    return emitExchange(this.#options, await this.#options.gate.run(() => this.#dispatch(wire, request)))
  }

  /** Closes the pool: waits (bounded by the timeout) for requests in flight, then drops the connections. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await closePool(this.#pool, this.#options.timeoutMs)
  }

  #dispatch(wire: WireRequest, request: { method: string; url: string; headers: Record<string, string> }): Promise<Exchange> {
    const exchange: Exchange = { transport: 'http', protocol: 'rest', url: request.url, request, startedAt: Date.now(), durationMs: 0 }
    if (this.#secretHeaders !== undefined) exchange.secretHeaders = this.#secretHeaders
    if (this.#closed) {
      exchange.failure = { code: 'L2CONF_ERR_CLOSED', message: 'the transport is closed' }
      return Promise.resolve(exchange)
    }
    return boundedHttpRequest(this.#pool, wire, this.#limits, 'json-content-type', exchange)
  }
}
