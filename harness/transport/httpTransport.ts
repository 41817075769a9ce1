import { unlimitedAbortController } from './unlimitedAbortController.js'
import type { Pool } from 'undici'
import { boundedHttpRequest, type WireRequest } from './boundedHttpRequest.js'
import type { Exchange, JsonRpcRequest } from './exchange.js'
import { closePool, poolFor } from './httpPool.js'
import { maskUrl } from './maskUrl.js'
import { parseTargetUrl } from './targetUrl.js'
import { emitExchange } from './emitExchange.js'
import type { TransportOptions } from './transportOptions.js'
import { secretHeaderNames, wireHeaders } from './wireHeaders.js'
import { envelopeEvidence } from './envelopeEvidence.js'
import { oversizedEvidence } from './oversizedEvidence.js'
import { HttpLiveness } from './httpLiveness.js'
import type { TransportHealth } from './transportHealth.js'

/**
 * JSON-RPC over HTTP POST (interface spec 4.1; requirement RPC-HTTP): one keep-alive undici Pool per
 * transport, every request through the run's RequestGate, bounded by TransportOptions. It assigns
 * ids and checks nothing: whatever comes back is recorded in the Exchange for the checks to judge;
 * a broken target yields `failure`, never a rejection.
 * @example const http = new HttpTransport('http://127.0.0.1:8545', options); const e = await http.call('eth_chainId')
 */
export class HttpTransport {
  /** The target address as recorded in exchanges (credentials masked). */
  readonly url: string
  readonly #options: TransportOptions
  readonly #pool: Pool
  readonly #path: string
  readonly #headers: Record<string, string>
  readonly #secretHeaders: readonly string[] | undefined
  readonly #limits: { timeoutMs: number; maxResponseBytes: number }
  readonly #health: TransportHealth | undefined
  readonly #liveness: HttpLiveness | undefined
  /** Aborted when the health judges the transport unusable: requests in flight end at once. */
  // Every request in flight listens to it (--concurrency of them, and more waiting): no listener cap.
  readonly #inFlight = unlimitedAbortController()
  #nextId = 1
  #closed = false

  constructor(url: string, options: TransportOptions) {
    const parsed = parseTargetUrl(url, 'the JSON-RPC address', ['http:', 'https:'])
    this.url = maskUrl(url)
    this.#options = options
    this.#pool = poolFor(parsed, options)
    this.#path = `${parsed.pathname}${parsed.search}`
    this.#headers = wireHeaders(parsed, { 'content-type': 'application/json' }, options)
    this.#secretHeaders = secretHeaderNames(options)
    this.#limits = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes }
    this.#health = options.health?.http
    this.#health?.onUnusable((failure) => this.#inFlight.abort(failure))
    if (this.#health !== undefined) {
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 1 })
      this.#liveness = new HttpLiveness(parsed, options, { method: 'POST', path: this.#path, headers: this.#headers, body })
    }
  }

  /**
   * Calls a JSON-RPC method (interface spec 4.1: `{"jsonrpc":"2.0","method","params","id"}`; params
   * default to `[]`, the documented form) with the next id of this transport.
   * @example await http.call('eth_getBlockRange', ['0x1', '0x2', false])
   */
  call(method: string, params: unknown[] | Record<string, unknown> = []): Promise<Exchange> {
    const id = this.#nextId++
    const request: JsonRpcRequest = { jsonrpc: '2.0', method, params, id }
    return this.#send(request, { id, method })
  }

  /**
   * POSTs any JSON value as the body: a request, a batch array (JSON-RPC 2.0 section 6), or anything
   * else a probe wants to send. A value JSON cannot represent (a cycle, a BigInt) is a usage failure.
   */
  send(body: unknown): Promise<Exchange> {
    return this.#send(body, undefined)
  }

  /** Sends `body`; `call` names the id and method of a well-formed call, whose answer's envelope the health judges. */
  async #send(body: unknown, call: { id: number; method: string } | undefined): Promise<Exchange> {
    let text: string | undefined
    try {
      text = JSON.stringify(body)
    } catch (error) {
      text = undefined
      if (!(error instanceof TypeError)) throw error
    }
    if (text === undefined) return emitExchange(this.#options, this.#refused(body, false, 'L2CONF_ERR_USAGE', 'the request body cannot be written as JSON'))
    const wire: WireRequest = { method: 'POST', path: this.#path, headers: this.#headers, body: text }
    const unusable = this.#unusable(body, false)
    if (unusable !== undefined) return emitExchange(this.#options, unusable)
    const exchange = await this.#options.gate.run(() => this.#dispatch(wire, body, false), body)
    this.#observe(exchange, call)
    return emitExchange(this.#options, exchange)
  }

  /**
   * Sends `text` as-is (RPC-ERRORS probes: malformed JSON -32700; HTTP details such as 415 for another
   * Content-Type, 405 for PUT, 200 for an empty GET). An empty text sends no body. `headers` (names
   * in lower case, never secrets: they are recorded) go beside the transport's own (EXPOSURE's
   * foreign `origin` and CORS preflight).
   * @example await http.sendRaw('{"jsonrpc":"2.0","method":', {}) // expect -32700
   */
  async sendRaw(text: string, init: { contentType?: string; method?: string; headers?: Record<string, string> } = {}): Promise<Exchange> {
    const method = (init.method ?? 'POST').toUpperCase()
    const extra = { ...init.headers, ...(init.contentType === undefined ? {} : { 'content-type': init.contentType }) }
    const headers = Object.keys(extra).length === 0 ? this.#headers : { ...this.#headers, ...extra }
    const wire: WireRequest = { method, path: this.#path, headers, body: text === '' ? null : text }
    const unusable = this.#unusable(text, true)
    if (unusable !== undefined) return emitExchange(this.#options, unusable)
    const exchange = await this.#options.gate.run(() => this.#dispatch(wire, text, true), text)
    this.#observe(exchange, undefined)
    return emitExchange(this.#options, exchange)
  }

  /** Closes the pool: waits (`graceMs`, by default the time-out) for requests in flight, then drops the connections. */
  async close(graceMs: number = this.#options.timeoutMs): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await Promise.all([closePool(this.#pool, graceMs), this.#liveness?.close()])
  }

  #dispatch(wire: WireRequest, request: unknown, raw: boolean): Promise<Exchange> {
    const exchange = this.#exchange(request, raw)
    if (raw) {
      if (wire.method !== 'POST') exchange.httpMethod = wire.method
      if (wire.headers !== this.#headers) exchange.requestHeaders = ownHeaders(wire.headers, this.#headers)
    }
    if (this.#closed) return Promise.resolve(this.#refused(request, raw, 'L2CONF_ERR_CLOSED', 'the transport is closed'))
    // Judged unusable while this request waited at the gate: it is not sent either.
    const unusable = this.#unusable(request, raw)
    if (unusable !== undefined) return Promise.resolve(unusable)
    if (this.#options.replay !== undefined) return Promise.resolve(this.#options.replay.answer(exchange))
    return boundedHttpRequest(this.#pool, wire, this.#limits, 'any', exchange, this.#options.health?.bytes, this.#inFlight.signal)
  }

  #exchange(request: unknown, raw: boolean): Exchange {
    const exchange: Exchange = { transport: 'http', url: this.url, request, startedAt: Date.now(), durationMs: 0 }
    if (raw) exchange.requestIsRaw = true
    if (this.#secretHeaders !== undefined) exchange.secretHeaders = this.#secretHeaders
    return exchange
  }

  /** The exchange a call gets, unsent, once the transport is judged unusable (TransportHealth). */
  #unusable(request: unknown, raw: boolean): Exchange | undefined {
    const failure = this.#health?.unusable
    return failure === undefined ? undefined : this.#refused(request, raw, failure.code, failure.message)
  }

  /** Tells the health what an exchange showed: a time-out, a broken envelope or an oversized answer (calls only), or an answer. */
  #observe(exchange: Exchange, call: { id: number; method: string } | undefined): void {
    const health = this.#health
    const liveness = this.#liveness
    if (health === undefined || liveness === undefined) return
    const failure = exchange.failure
    if (failure?.code === 'L2CONF_ERR_UNUSABLE') return
    if (failure?.code === 'L2CONF_ERR_TIMEOUT') return health.timedOut(`${call?.method ?? 'a request'}: ${failure.message}`, () => liveness.ask(), exchange)
    // Refused, or closed under the request (not by this transport's own close): the target may have died.
    if ((failure?.code === 'L2CONF_ERR_UNREACHABLE' || failure?.code === 'L2CONF_ERR_CLOSED') && !this.#closed)
      return health.noConnection(`${call?.method ?? 'a request'}: ${failure.message}`, () => liveness.ask(), exchange)
    if (exchange.httpStatus === undefined) return
    if (call !== undefined) this.#observeSize(health, exchange, call.method)
    const evidence = call === undefined ? null : envelopeEvidence(exchange, call.id, call.method)
    if (evidence !== null) health.envelopeBroken(evidence, exchange)
    else if (call !== undefined) health.envelopeSound()
    else health.answered()
  }

  /** Tells the health the size of the answer to a call, when it shows anything (oversizedEvidence). */
  #observeSize(health: TransportHealth, exchange: Exchange, method: string): void {
    const evidence = oversizedEvidence(exchange, method)
    if (evidence !== undefined) health.answerSized(evidence)
  }

  #refused(request: unknown, raw: boolean, code: 'L2CONF_ERR_USAGE' | 'L2CONF_ERR_CLOSED' | 'L2CONF_ERR_UNUSABLE', message: string): Exchange {
    const exchange = this.#exchange(request, raw)
    exchange.failure = { code, message }
    return exchange
  }
}

/** The headers of a probe that are its own (not the transport's defaults or secrets), and its Content-Type: what its exchange records. */
function ownHeaders(sent: Record<string, string>, defaults: Record<string, string>): Record<string, string> {
  const own: Record<string, string> = { 'content-type': sent['content-type'] as string }
  for (const [name, value] of Object.entries(sent)) if (!(name in defaults)) own[name] = value
  return own
}
