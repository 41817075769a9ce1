import type { Dispatcher } from 'undici'
import type { HarnessErrorCode } from '../errors/harnessError.js'
import type { Exchange } from './exchange.js'
import { describeNetworkError, networkFailureCode } from './networkFailure.js'
import { RETAINED_BODY_BYTES, type ByteBudget } from './byteBudget.js'
import { detachedSlice } from './detachedSlice.js'
import { JsonShapeScanner, MAX_JSON_DEPTH } from '../../common/jsonShape.js'
import { ITEMWISE_MAX_ITEMS, ITEMWISE_MIN_BYTES, parseItems } from './itemwiseJson.js'
import { parsedBytesEstimate, refusedMessage } from './responseShape.js'

/** Longest body text kept in `rawResponse` (evidence, not a copy of the target's output). */
export const RAW_RESPONSE_PREVIEW_CHARS = 8192

/** One HTTP request as sent on the wire: every header included (secrets too; they are never recorded). */
export interface WireRequest {
  method: string
  /** Path and query string. */
  path: string
  headers: Record<string, string>
  body: string | null
}

/** Which bodies to parse as JSON: any (JSON-RPC: a node may label JSON oddly) or only those labelled JSON (REST). */
export type ParseMode = 'any' | 'json-content-type'

const JSON_CONTENT_TYPE = /^\s*application\/([\w.+-]*\+)?json\s*(;|$)/i

/**
 * Sends one request over `dispatcher` (an undici Pool: keep-alive) and fills in `exchange` with what
 * came back, bounded (TransportOptions): `timeoutMs` on the total time from dispatch to the last
 * byte (a body dripped slowly still times out), `maxResponseBytes` checked on Content-Length and
 * while the body streams in (the connection is dropped, the body never buffered past the cap).
 * With a `budget` (the run's ByteBudget), the body's bytes also count against what the harness
 * holds across all exchanges in flight, and a large body what it costs once parsed (parsedBytesEstimate;
 * a body that does not fit is not parsed). A body nested deeper than MAX_JSON_DEPTH is not parsed
 * (L2CONF_ERR_BAD_RESPONSE). When `unusable` aborts (TransportHealth judged the transport unusable),
 * the request ends at once with its reason, an UnusableFailure. Never rejects: a broken target yields `exchange.failure`. The body is
 * parsed at most once.
 */
export function boundedHttpRequest(
  dispatcher: Dispatcher,
  request: WireRequest,
  limits: { timeoutMs: number; maxResponseBytes: number },
  parse: ParseMode,
  exchange: Exchange,
  budget?: ByteBudget,
  unusable?: AbortSignal,
): Promise<Exchange> {
  return new Promise<Exchange>((resolve) => {
    const handler = new BoundedHandler(exchange, resolve, limits, parse, budget, unusable)
    try {
      dispatcher.dispatch(
        {
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.body,
          headersTimeout: limits.timeoutMs,
          bodyTimeout: limits.timeoutMs,
        },
        handler,
      )
    } catch (error) {
      handler.onResponseError(undefined, error as Error)
    }
  })
}

function onDeadline(handler: BoundedHandler): void {
  handler.fail('L2CONF_ERR_TIMEOUT', `${handler.progress()} within ${handler.limits.timeoutMs} ms`, new Error('l2conf: request timed out'))
}

/**
 * The undici dispatch handler of one bounded request: a class, so a request costs one object and one
 * timer, no closures. Settles exactly once; later callbacks (after a timeout or abort) are ignored.
 */
class BoundedHandler implements Dispatcher.DispatchHandler {
  readonly exchange: Exchange
  readonly limits: { timeoutMs: number; maxResponseBytes: number }
  #resolve: ((exchange: Exchange) => void) | undefined
  readonly #parse: ParseMode
  readonly #startedAt: number
  readonly #timer: NodeJS.Timeout
  #controller: Dispatcher.DispatchController | undefined
  #connected = false
  /** Whether the body is to be parsed (the parse mode and the Content-Type), known once the headers came. */
  #parses = false
  /** The body's shape, judged chunk by chunk as it arrives (set when it is to be parsed). */
  #shape: JsonShapeScanner | undefined
  #chunks: Buffer[] = []
  #bytes = 0
  readonly #budget: ByteBudget | undefined
  /** Bytes taken from the budget, given back on settling. */
  #taken = 0
  readonly #unusable: AbortSignal | undefined
  readonly #onUnusable = (): void => {
    const reason = this.#unusable?.reason as { code?: unknown; message?: unknown } | undefined
    this.fail(
      'L2CONF_ERR_UNUSABLE',
      typeof reason?.message === 'string' ? reason.message : 'the transport is unusable',
      new Error('l2conf: the transport is unusable'),
    )
  }

  constructor(
    exchange: Exchange,
    resolve: (exchange: Exchange) => void,
    limits: { timeoutMs: number; maxResponseBytes: number },
    parse: ParseMode,
    budget: ByteBudget | undefined,
    unusable: AbortSignal | undefined,
  ) {
    this.exchange = exchange
    this.limits = limits
    this.#resolve = resolve
    this.#parse = parse
    this.#budget = budget
    this.#unusable = unusable
    unusable?.addEventListener('abort', this.#onUnusable, { once: true })
    exchange.startedAt = Date.now()
    this.#startedAt = performance.now()
    this.#timer = setTimeout(onDeadline, limits.timeoutMs, this)
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // Connected after the deadline: drop it rather than send a request nobody waits for.
    if (this.#resolve === undefined) return controller.abort(new Error('l2conf: request timed out'))
    this.#controller = controller
    this.#connected = true
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (this.#resolve === undefined || statusCode < 200) return
    const exchange = this.exchange
    exchange.httpStatus = statusCode
    const flat: Record<string, string> = {}
    for (const name in headers) {
      const value = headers[name]
      if (value !== undefined) flat[name] = typeof value === 'string' ? value : value.join(', ')
    }
    exchange.headers = flat
    const contentType = flat['content-type']
    this.#parses = this.#parse === 'any' || (contentType !== undefined && JSON_CONTENT_TYPE.test(contentType))
    if (this.#parses) this.#shape = new JsonShapeScanner(MAX_JSON_DEPTH, { items: ITEMWISE_MAX_ITEMS })
    const declared = Number(flat['content-length'])
    if (declared > this.limits.maxResponseBytes) this.#tooLarge(`Content-Length ${declared}`)
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#resolve === undefined) return
    const budget = this.#budget
    if (budget !== undefined) {
      if (!budget.take(chunk.length)) {
        this.#bytes += chunk.length
        return this.fail(
          'L2CONF_ERR_RESPONSE_TOO_LARGE',
          `the response was cut off after ${this.#bytes} bytes: ${budget.refusal()}`,
          new Error('l2conf: response budget exceeded'),
        )
      }
      this.#taken += chunk.length
    }
    this.#bytes += chunk.length
    if (this.#bytes > this.limits.maxResponseBytes) {
      this.#chunks.push(chunk)
      return this.#tooLarge(`more than ${this.limits.maxResponseBytes} bytes received`)
    }
    // A body refused (too deep, too wide) is never parsed: only the head its evidence shows is kept of it.
    if (this.#shape?.scan(chunk) === false && this.#bytes - chunk.length >= RAW_RESPONSE_PREVIEW_CHARS) return
    this.#chunks.push(chunk)
  }

  onResponseEnd(): void {
    if (this.#resolve === undefined) return
    const exchange = this.exchange
    exchange.responseBytes = this.#bytes
    const parse = this.#parses && this.#bytes > 0
    const refusal = parse ? this.#shape?.refusal : undefined
    if (refusal !== undefined) {
      exchange.failure = { code: 'L2CONF_ERR_BAD_RESPONSE', message: refusedMessage(refusal) }
      exchange.rawResponse = rawResponsePreview(head(this.#chunks, RAW_RESPONSE_PREVIEW_CHARS).toString('utf8'))
      this.#chunks = []
      return this.#settle()
    }
    // A large body costs a few times its bytes once parsed, beside its bytes and its text while it
    // is parsed: that cost is taken from the budget before parsing, and the body is not parsed when
    // it does not fit (many answers near the cap at once are refused, not parsed side by side).
    const parsedBytes = parsedBytesEstimate(this.#bytes, parse ? (this.#shape?.shape ?? 0) : 0)
    const budget = this.#budget
    if (parse && budget !== undefined && parsedBytes >= RETAINED_BODY_BYTES) {
      if (!budget.take(parsedBytes)) {
        return this.fail(
          'L2CONF_ERR_RESPONSE_TOO_LARGE',
          `the response of ${this.#bytes} bytes was not parsed: it would hold about ${(parsedBytes / 1048576).toFixed(1)} MiB once parsed, and ${budget.refusal()}`,
        )
      }
      this.#taken += parsedBytes
    }
    // A large batch answer (one top-level array) is decoded and parsed an item at a time from its
    // chunks: no copy of the whole body and no string of it (a 25 MB answer of 1,000 items parsed in
    // about 0.1 s instead of 0.3 s). Any other body is parsed whole.
    const items = parse && this.#bytes >= ITEMWISE_MIN_BYTES ? this.#shape?.topLevelItems : undefined
    const parsedItems = items === undefined ? undefined : parseItems(this.#chunks, items, this.#bytes)
    if (parsedItems !== undefined) {
      this.#chunks = []
      exchange.response = parsedItems
      return this.#settle()
    }
    // The chunks become text and are let go of before parsing: a large body is held as bytes and
    // text, or as text and its parsed value, never as all of them at once.
    const text = this.#takeText()
    if (parse) {
      const parsed = parseJson(text)
      if (parsed === UNPARSABLE) exchange.rawResponse = rawResponsePreview(text)
      else exchange.response = parsed
    } else {
      exchange.rawResponse = rawResponsePreview(text)
    }
    this.#settle()
  }

  /** The body as text; its chunks are dropped, so nothing but the text refers to its bytes. */
  #takeText(): string {
    const chunks = this.#chunks
    this.#chunks = []
    return decodeUtf8(chunks, this.#bytes)
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.#resolve === undefined) return
    const code = networkFailureCode(error, this.#connected)
    const during = this.exchange.httpStatus === undefined ? '' : ` after HTTP ${this.exchange.httpStatus} and ${this.#bytes} body bytes`
    this.fail(code, `${describeNetworkError(error)}${during}`)
  }

  /** How far the request got, for a timeout's message. */
  progress(): string {
    if (!this.#connected) return 'no connection'
    if (this.exchange.httpStatus === undefined) return 'no response headers'
    return `HTTP ${this.exchange.httpStatus} but only ${this.#bytes} body bytes`
  }

  /** Settles with a failure, keeping what already arrived as evidence, and drops the connection. */
  fail(code: HarnessErrorCode, message: string, abortWith?: Error): void {
    if (this.#resolve === undefined) return
    const exchange = this.exchange
    exchange.failure = { code, message }
    if (this.#bytes > 0) {
      exchange.responseBytes = this.#bytes
      exchange.rawResponse = rawResponsePreview(head(this.#chunks, RAW_RESPONSE_PREVIEW_CHARS).toString('utf8'))
    }
    this.#chunks = []
    const controller = this.#controller
    this.#settle()
    if (abortWith !== undefined && controller !== undefined && !controller.aborted) controller.abort(abortWith)
  }

  #tooLarge(what: string): void {
    this.fail(
      'L2CONF_ERR_RESPONSE_TOO_LARGE',
      `the response is larger than the cap of ${this.limits.maxResponseBytes} bytes (${what})`,
      new Error('l2conf: response too large'),
    )
  }

  #settle(): void {
    clearTimeout(this.#timer)
    // A large body stays counted while the exchange that holds it lives; a failed one is dropped now.
    if (this.exchange.failure === undefined) this.#budget?.settle(this.exchange, this.#taken)
    else this.#budget?.give(this.#taken)
    this.#taken = 0
    this.#unusable?.removeEventListener('abort', this.#onUnusable)
    const resolve = this.#resolve
    this.#resolve = undefined
    this.exchange.durationMs = performance.now() - this.#startedAt
    resolve?.(this.exchange)
  }
}

/** The chunks of a body as one text; the joined bytes live only while they are decoded. */
function decodeUtf8(chunks: Buffer[], bytes: number): string {
  if (chunks.length === 1) return (chunks[0] as Buffer).toString('utf8')
  return Buffer.concat(chunks, bytes).toString('utf8')
}

/** What parseJson returns for text that is not JSON. */
const UNPARSABLE: unique symbol = Symbol('unparsable')

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return UNPARSABLE
  }
}

/** The first `bytes` bytes of a list of chunks, without copying the rest. */
function head(chunks: Buffer[], bytes: number): Buffer {
  const taken: Buffer[] = []
  let size = 0
  for (const chunk of chunks) {
    if (size >= bytes) break
    taken.push(chunk)
    size += chunk.length
  }
  return Buffer.concat(taken).subarray(0, bytes)
}

/** The start of a body's text as evidence (HTTP and WebSocket alike), detached from the whole text (detachedSlice). */
export function rawResponsePreview(text: string): string {
  return text.length > RAW_RESPONSE_PREVIEW_CHARS ? `${detachedSlice(text, RAW_RESPONSE_PREVIEW_CHARS)}… [truncated]` : text
}
