import type { Exchange } from '../transport/exchange.js'
import type { HttpTransport } from '../transport/httpTransport.js'

/** Exchanges a bridge keeps as the library's evidence (the newest; a library call makes a few). */
const KEPT_EXCHANGES = 64

/** One answer a library got to one JSON-RPC call: the exchange, and the request and response items of that call in it. */
export interface LibraryAnswer {
  exchange: Exchange
  request: Record<string, unknown>
  /** The response object answering the call (undefined when none came: a failure, a batch that lacked it). */
  response: unknown
}

/**
 * A client library's HTTP, carried by the run's JSON-RPC transport: every body the library posts goes
 * through `context.http` (the request gate, --timeout, --header, --ca/--insecure, the transcript), and
 * the library gets back what the target answered, status, headers and body. It also keeps the
 * exchanges, so a check judges the very answers the library read. Closed when the check ends: a
 * library still working after its bound (a poll, a retry) then fails at once, sending nothing.
 */
export class HttpBridge {
  readonly #http: HttpTransport
  readonly #exchanges: Exchange[] = []
  #closed = false

  constructor(http: HttpTransport) {
    this.#http = http
  }

  /** The target's address as reports show it (credentials masked): what a library is told it talks to. */
  get url(): string {
    return this.#http.url
  }

  /** Posts one JSON value (a call or a batch) and returns the exchange. */
  async post(body: unknown): Promise<Exchange> {
    if (this.#closed) throw new Error('the check using this client has ended: nothing more is sent')
    const exchange = await this.#http.send(body)
    this.#exchanges.push(exchange)
    if (this.#exchanges.length > KEPT_EXCHANGES) this.#exchanges.shift()
    return exchange
  }

  /**
   * A `fetch` for libraries that take one: the body is posted through the run's transport; the answer
   * comes back as a Response with the target's status and headers. A request that got no answer
   * rejects as fetch does ("fetch failed"), with the harness's reason as its cause.
   */
  readonly fetch = async (_input: unknown, init?: { body?: unknown; signal?: AbortSignal | null }): Promise<Response> => {
    const text = typeof init?.body === 'string' ? init.body : init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : ''
    const exchange = await abortable(this.post(parseBody(text)), init?.signal ?? undefined)
    return responseOf(exchange)
  }

  /** Ends the bridge: later requests fail without being sent. */
  close(): void {
    this.#closed = true
  }

  /** Every exchange the library made so far (the newest KEPT_EXCHANGES), oldest first. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges
  }

  /** The answers the library got to calls of `method`, oldest first (items of batches included). */
  answers(method: string): LibraryAnswer[] {
    return this.#exchanges.flatMap((exchange) => answersIn(exchange, method))
  }

  /** The newest answer the library got to `method`, if it called it. */
  lastAnswer(method: string): LibraryAnswer | undefined {
    return this.answers(method).at(-1)
  }
}

/** The calls of `method` in an exchange (a single call, or the items of a batch), each with its response item. */
export function answersIn(exchange: Exchange, method: string): LibraryAnswer[] {
  const requests = Array.isArray(exchange.request) ? exchange.request : [exchange.request]
  const responses = Array.isArray(exchange.response) ? exchange.response : [exchange.response]
  const found: LibraryAnswer[] = []
  for (const request of requests) {
    if (request === null || typeof request !== 'object' || (request as { method?: unknown }).method !== method) continue
    const id = (request as { id?: unknown }).id
    const response = Array.isArray(exchange.request)
      ? responses.find((item) => item !== null && typeof item === 'object' && (item as { id?: unknown }).id === id)
      : exchange.response
    found.push({ exchange, request: request as Record<string, unknown>, response })
  }
  return found
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The exchange as the Response a fetch would have given the library. */
export function responseOf(exchange: Exchange): Response {
  if (exchange.httpStatus === undefined) {
    const failure = exchange.failure ?? { code: 'L2CONF_ERR_BAD_RESPONSE', message: 'no answer' }
    throw new TypeError('fetch failed', { cause: new Error(`${failure.code}: ${failure.message}`) })
  }
  const body = exchange.rawResponse ?? (exchange.response === undefined ? '' : JSON.stringify(exchange.response))
  const headers = new Headers()
  for (const [name, value] of Object.entries(exchange.headers ?? {})) headers.set(name, value)
  // A status Response cannot carry (1xx, or one the target made up) is shown as the gateway error it amounts to.
  const status = exchange.httpStatus >= 200 && exchange.httpStatus <= 599 ? exchange.httpStatus : 502
  const bodyless = status === 204 || status === 205 || status === 304
  return new Response(bodyless ? null : body, { status, headers })
}

/** `promise`, or a rejection with the signal's reason once `signal` aborts (the exchange itself is bounded by --timeout). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
