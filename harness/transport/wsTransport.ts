import WebSocket from 'ws'
import type { HarnessErrorCode } from '../errors/harnessError.js'
import type { Exchange } from './exchange.js'
import { maskUrl } from './maskUrl.js'
import { describeNetworkError } from './networkFailure.js'
import { openWebSocket } from './openWebSocket.js'
import { emitExchange } from './emitExchange.js'
import type { TransportOptions } from './transportOptions.js'
import { secretHeaderNames } from './wireHeaders.js'
import { DEFAULT_NOTIFICATION_CAP, WsSubscription, type Subscription } from './wsSubscription.js'
import { rawResponsePreview } from './boundedHttpRequest.js'
import { detachedSlice } from './detachedSlice.js'
import { JsonShapeScanner } from '../../common/jsonShape.js'
import { parsedBytesEstimate, refusedMessage } from './responseShape.js'
import { RETAINED_BODY_BYTES } from './byteBudget.js'
import { oversizedEvidence } from './oversizedEvidence.js'
import { LIVENESS_TIMEOUT_MS, type TransportHealth, type UnsolicitedFrames } from './transportHealth.js'

export type { Subscription } from './wsSubscription.js'

/** How many stray frames are kept as evidence (the count is exact; the samples are the latest few). */
const STRAY_SAMPLES = 8
const STRAY_SAMPLE_CHARS = 300
/** Ids sent by `send` (chosen by the caller) remembered to tell a late answer from an unsolicited one; past this, unknown ids are given the benefit of the doubt. */
const SENT_IDS_CAP = 4096
/** How the liveness question (TransportHealth) is named in evidence; its own time-out is not counted again. */
const LIVENESS_LABEL = 'eth_blockNumber (the liveness question)'

/**
 * What answers a request: 'single' (an object with an id) by the object with that id; 'batch' by an
 * array (JSON-RPC 2.0 section 6); 'raw' (raw text, or a request without an id) by an object with id null.
 */
type Kind = 'single' | 'batch' | 'raw'

/** One request waiting for its answer: a class, so a request costs one object and one timer. */
class Pending {
  readonly exchange: Exchange
  readonly kind: Kind
  readonly id: unknown
  readonly batchIds: Set<unknown> | undefined
  readonly strayMark: number
  readonly startedAt = performance.now()
  /** The method of a call (time-out evidence); undefined for send/sendRaw. */
  method: string | undefined
  resolve!: (exchange: Exchange) => void
  answer!: Promise<Exchange>
  timer!: NodeJS.Timeout
  /** Set on an eth_subscribe call: activated synchronously when its answer arrives. */
  subscription: WsSubscription | undefined
  /** Set on an eth_unsubscribe call: marked unsubscribed when its answer arrives (or it fails). */
  unsubscribing: WsSubscription | undefined

  constructor(exchange: Exchange, kind: Kind, id: unknown, batchIds: Set<unknown> | undefined, strayMark: number) {
    this.exchange = exchange
    this.kind = kind
    this.id = id
    this.batchIds = batchIds
    this.strayMark = strayMark
  }
}

function onDeadline(transport: WsTransport, pending: Pending): void {
  transport.expire(pending)
}

function hasId(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { id?: unknown }).id !== undefined &&
    (value as { id?: unknown }).id !== null
  )
}

/**
 * JSON-RPC over WebSocket (interface spec 4.1; requirements RPC-WS, RPC-SUBSCRIBE): one connection,
 * requests matched to answers by id (ids unique per connection), a batch sent as one frame and
 * answered by one array, subscriptions fed from the same connection. Every request goes through the
 * run's RequestGate and is bounded by the timeout; a broken target yields `failure`, never a
 * rejection. Frames that match nothing (a wrong id, garbage, a flood) are counted and dropped, the
 * latest few kept as evidence on a request that then fails: memory stays bounded whatever comes in.
 * @example const ws = await WsTransport.connect('ws://127.0.0.1:8546', options); const e = await ws.call('eth_chainId')
 */
export class WsTransport {
  /** The target address as recorded in exchanges (credentials masked). */
  readonly url: string
  /** Null when the transport was created already unusable (TransportHealth): nothing is ever sent. */
  readonly #socket: WebSocket | null
  readonly #options: TransportOptions
  readonly #secretHeaders: readonly string[] | undefined
  readonly #notificationCap: number
  readonly #byId = new Map<unknown, Pending>()
  readonly #batches: Pending[] = []
  readonly #raws: Pending[] = []
  readonly #subscriptions = new Map<string, WsSubscription>()
  #nextId = 1
  #strays = 0
  #straySamples: Array<{ seq: number; text: string }> = []
  #closed: { code: HarnessErrorCode; message: string } | undefined
  #lastError: unknown
  readonly #health: TransportHealth | undefined
  readonly #unsolicited: UnsolicitedFrames | undefined
  readonly #sentIds = new Set<unknown>()
  #unsolicitedResponses = 0
  #unsolicitedNotifications = 0
  #stopWatching: (() => void) | undefined
  /** Bytes of the frame being routed taken from the run's byte budget (large frames only). */
  #frameTaken = 0

  private constructor(socket: WebSocket | null, url: string, options: TransportOptions, notificationCap: number) {
    this.#socket = socket
    this.url = maskUrl(url)
    this.#options = options
    this.#secretHeaders = secretHeaderNames(options)
    this.#notificationCap = notificationCap
    this.#health = options.health?.ws
    this.#unsolicited = options.health?.unsolicited
    if (socket === null) return
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.#onFrame(data))
    socket.on('error', (error: unknown) => {
      this.#lastError = error
    })
    socket.on('close', (code: number, reason: Buffer) => this.#onClose(code, reason))
    // Judged unusable (here or on another connection of the run): fail what is in flight at once.
    this.#stopWatching = this.#health?.onUnusable((failure) => {
      this.#shutDown(failure.code, failure.message)
      socket.terminate()
    })
  }

  /**
   * Opens the connection (see openWebSocket); rejects with a HarnessError (UNREACHABLE, TLS, TIMEOUT,
   * RATE_LIMITED, BAD_RESPONSE, USAGE) when there is none. `notificationCap` bounds each
   * subscription's buffer.
   */
  static async connect(url: string, options: TransportOptions, settings: { notificationCap?: number } = {}): Promise<WsTransport> {
    const cap = settings.notificationCap ?? DEFAULT_NOTIFICATION_CAP
    const unusable = options.health?.ws.unusable
    if (unusable !== undefined) {
      // Already judged unusable: no connection; every call returns the unusable failure at once.
      const dead = new WsTransport(null, url, options, cap)
      dead.#closed = { code: unusable.code, message: unusable.message }
      return dead
    }
    const socket = options.replay !== undefined ? (options.replay.openSocket() as WebSocket) : await openWebSocket(url, options)
    return new WsTransport(socket, url, options, cap)
  }

  /** Frames that matched no request or subscription so far (wrong ids, garbage, unsolicited messages). */
  get strayFrames(): number {
    return this.#strays
  }

  /** Frames on this connection answering ids it never sent (JSON-RPC 2.0 section 5: a response answers a request). */
  get unsolicitedResponses(): number {
    return this.#unsolicitedResponses
  }

  /** eth_subscription notifications on this connection for subscriptions never opened on it, or already cancelled. */
  get unsolicitedNotifications(): number {
    return this.#unsolicitedNotifications
  }

  /**
   * Calls a JSON-RPC method with the next free id of this connection (params default to `[]`).
   * @example await ws.call('eth_getBlockByNumber', ['latest', false])
   */
  call(method: string, params: unknown[] | Record<string, unknown> = []): Promise<Exchange> {
    return this.#callWith(method, params, undefined, undefined)
  }

  /**
   * Sends any JSON value as one frame: a request object (if its id is in flight on this connection,
   * it is sent once that request is settled), a batch array (waits for the array answer; a batch of notifications only gets none
   * and times out), or anything else (waits for an answer with id null, like sendRaw).
   */
  async send(body: unknown): Promise<Exchange> {
    let text: string | undefined
    try {
      text = JSON.stringify(body)
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
    }
    if (text === undefined) return emitExchange(this.#options, this.#refused(body, false, 'L2CONF_ERR_USAGE', 'the request cannot be written as JSON'))
    const frame = text
    if (Array.isArray(body)) {
      const ids = new Set<unknown>()
      for (const item of body) if (hasId(item)) ids.add((item as { id: unknown }).id)
      return emitExchange(this.#options, await this.#options.gate.run(() => this.#dispatch(frame, body, false, 'batch', undefined, ids), body))
    }
    if (hasId(body)) {
      const id = (body as { id: unknown }).id
      return emitExchange(this.#options, await this.#options.gate.run(() => this.#dispatch(frame, body, false, 'single', id, undefined), body))
    }
    return emitExchange(this.#options, await this.#options.gate.run(() => this.#dispatch(frame, body, false, 'raw', undefined, undefined), body))
  }

  /**
   * Sends `text` as-is (RPC-ERRORS probes: malformed JSON -32700) and waits for an answer with id null;
   * a non-JSON frame arriving meanwhile is taken as its answer (`rawResponse`). No answer: TIMEOUT.
   */
  async sendRaw(text: string): Promise<Exchange> {
    return emitExchange(this.#options, await this.#options.gate.run(() => this.#dispatch(text, text, true, 'raw', undefined, undefined), text))
  }

  /**
   * Sends `text` as-is as one call that carries `id` (a request padded with whitespace, say) and waits
   * for the answer with that id, as a call does: a node that ignores or refuses id null still answers
   * it. `method` names the call in time-out evidence. The caller picks an id no other call of the
   * connection uses (a connection of its own).
   */
  async sendRawCall(text: string, id: number, method: string): Promise<Exchange> {
    return emitExchange(
      this.#options,
      await this.#options.gate.run(
        () => this.#dispatch(text, text, true, 'single', id, undefined, undefined, undefined, this.#options.timeoutMs, method),
        text,
      ),
    )
  }

  /**
   * Subscribes with eth_subscribe `params` (e.g. ['newHeads'] or ['logs', filter]). Never rejects: when
   * the node answers no subscription id, `id` is null and `exchange` says what it answered instead.
   * @example const heads = await ws.subscribe(['newHeads']); const next = await heads.next(5000)
   */
  async subscribe(params: unknown[]): Promise<Subscription> {
    const subscription = new WsSubscription(this.#notificationCap, this.#options.timeoutMs, (s) => this.#unsubscribe(s))
    subscription.context = this.#options.captureContext?.()
    subscription.exchange = await this.#callWith('eth_subscribe', params, subscription, undefined)
    if (!subscription.active) subscription.close()
    return subscription
  }

  /** Closes the connection (bounded by the timeout); requests in flight fail CLOSED, subscriptions end. */
  async close(graceMs: number = Math.min(this.#options.timeoutMs, 2000)): Promise<void> {
    this.#stopWatching?.()
    const socket = this.#socket
    if (socket === null || socket.readyState === WebSocket.CLOSED) return
    this.#shutDown('L2CONF_ERR_CLOSED', 'the transport was closed')
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.close(1000)
    const timer = setTimeout(() => socket.terminate(), graceMs)
    await closed
    clearTimeout(timer)
  }

  /** A pending request's time is up (called by its timer). */
  expire(pending: Pending): void {
    if (!this.#forget(pending)) return
    this.#fail(pending, 'L2CONF_ERR_TIMEOUT', `no answer within ${this.#options.timeoutMs} ms`)
    if (pending.method !== LIVENESS_LABEL)
      this.#health?.timedOut(`${pending.method ?? 'a request'}: no answer within ${this.#options.timeoutMs} ms`, () => this.#alive())
  }

  /** The liveness question (TransportHealth): eth_blockNumber on this connection, past the gate, not recorded. */
  async #alive(): Promise<boolean> {
    if (this.#closed !== undefined) return true
    let id = this.#nextId++
    while (this.#byId.has(id)) id = this.#nextId++
    const request = { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id }
    const exchange = await this.#dispatch(
      JSON.stringify(request),
      request,
      false,
      'single',
      id,
      undefined,
      undefined,
      undefined,
      Math.min(this.#options.timeoutMs, LIVENESS_TIMEOUT_MS),
      LIVENESS_LABEL,
    )
    return exchange.failure?.code !== 'L2CONF_ERR_TIMEOUT'
  }

  async #callWith(
    method: string,
    params: unknown[] | Record<string, unknown>,
    subscription: WsSubscription | undefined,
    unsubscribing: WsSubscription | undefined,
  ): Promise<Exchange> {
    const exchange = await this.#options.gate.run(
      () => {
        let id = this.#nextId++
        while (this.#byId.has(id)) id = this.#nextId++
        const request = { jsonrpc: '2.0', method, params, id }
        return this.#dispatch(JSON.stringify(request), request, false, 'single', id, undefined, subscription, unsubscribing, this.#options.timeoutMs, method)
      },
      { method },
    )
    return emitExchange(this.#options, exchange)
  }

  #unsubscribe(subscription: WsSubscription): Promise<Exchange> {
    if (subscription.id === null) {
      const refused = this.#refused(null, false, 'L2CONF_ERR_USAGE', 'there is no subscription to cancel: eth_subscribe answered no id')
      return Promise.resolve(refused)
    }
    return this.#callWith('eth_unsubscribe', [subscription.id], undefined, subscription)
  }

  #dispatch(
    frame: string,
    request: unknown,
    raw: boolean,
    kind: Kind,
    id: unknown,
    batchIds: Set<unknown> | undefined,
    subscription?: WsSubscription,
    unsubscribing?: WsSubscription,
    timeoutMs: number = this.#options.timeoutMs,
    method?: string,
  ): Promise<Exchange> {
    const exchange = this.#exchange(request, raw)
    const unanswered = this.#options.replay?.unanswered(exchange)
    if (unanswered !== undefined) return Promise.resolve(unanswered)
    if (this.#closed !== undefined || this.#socket === null || this.#socket.readyState !== WebSocket.OPEN) {
      unsubscribing?.markUnsubscribed()
      exchange.failure = { ...(this.#closed ?? { code: 'L2CONF_ERR_CLOSED', message: 'the connection is closed' }) }
      return Promise.resolve(exchange)
    }
    const busy = kind === 'single' ? this.#byId.get(id) : undefined
    if (busy !== undefined) {
      // The id is in flight (another check on a shared connection): send once that one is settled,
      // so two answers with one id can never be confused. Bounded by that request's timeout.
      return busy.answer.then(() => this.#dispatch(frame, request, raw, kind, id, batchIds, subscription, unsubscribing, timeoutMs, method))
    }
    // A batch or raw text may be answered by one object without a usable id (id null: an invalid
    // batch, unreadable JSON), which can only be matched to the one such request in flight: checks
    // sharing the connection send theirs one after another.
    const unkeyed = kind === 'single' ? undefined : (this.#raws[0] ?? this.#batches[0])
    if (unkeyed !== undefined)
      return unkeyed.answer.then(() => this.#dispatch(frame, request, raw, kind, id, batchIds, subscription, unsubscribing, timeoutMs, method))
    const pending = new Pending(exchange, kind, id, batchIds, this.#strays)
    pending.method = method
    if (kind === 'single' && method === undefined) this.#rememberSent(id)
    if (batchIds !== undefined) for (const one of batchIds) this.#rememberSent(one)
    pending.subscription = subscription
    pending.unsubscribing = unsubscribing
    if (kind === 'single') this.#byId.set(id, pending)
    else if (kind === 'batch') this.#batches.push(pending)
    else this.#raws.push(pending)
    const answer = new Promise<Exchange>((resolve) => {
      pending.resolve = resolve
    })
    pending.answer = answer
    pending.timer = setTimeout(onDeadline, timeoutMs, this, pending)
    try {
      this.#socket.send(frame)
    } catch (error) {
      if (this.#forget(pending)) this.#fail(pending, 'L2CONF_ERR_CLOSED', `the frame could not be sent: ${describeNetworkError(error)}`)
    }
    return answer
  }

  #exchange(request: unknown, raw: boolean): Exchange {
    const exchange: Exchange = { transport: 'ws', url: this.url, request, startedAt: Date.now(), durationMs: 0 }
    if (raw) exchange.requestIsRaw = true
    if (this.#secretHeaders !== undefined) exchange.secretHeaders = this.#secretHeaders
    return exchange
  }

  #refused(request: unknown, raw: boolean, code: HarnessErrorCode, message: string): Exchange {
    const exchange = this.#exchange(request, raw)
    exchange.failure = { code, message }
    return exchange
  }

  /**
   * Routes one incoming frame: an answer, a notification, or a stray. Synchronous, so frame order is
   * kept. It runs inside ws's socket handler, where a throw would crash the process: whatever goes
   * wrong in routing, the frame counts as a stray.
   */
  #onFrame(data: Buffer | ArrayBuffer | Buffer[]): void {
    try {
      this.#route(data)
    } catch {
      this.#stray('(a frame the harness could not route)')
    }
    // A large frame no exchange kept (a stray, a notification): its bytes are free again.
    if (this.#frameTaken > 0) this.#options.health?.bytes.give(this.#frameTaken)
    this.#frameTaken = 0
  }

  #route(data: Buffer | ArrayBuffer | Buffer[]): void {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    const shape = new JsonShapeScanner()
    shape.scan(bytes)
    if (shape.refusal !== undefined) return this.#refuseFrame(bytes, 'L2CONF_ERR_BAD_RESPONSE', refusedMessage(shape.refusal))
    const elements = shape.shape
    const budget = this.#options.health?.bytes
    // A large frame counts its bytes and what it costs once parsed, a few times its bytes (parsedBytesEstimate).
    const parsedBytes = parsedBytesEstimate(bytes.length, elements)
    if (budget !== undefined && parsedBytes >= RETAINED_BODY_BYTES) {
      if (!budget.take(bytes.length + parsedBytes))
        return this.#overBudget(bytes, `it would hold about ${(parsedBytes / 1048576).toFixed(1)} MiB once parsed, and ${budget.refusal()}`)
      this.#frameTaken = bytes.length + parsedBytes
    }
    const text = bytes.toString('utf8')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      const raw = this.#raws[0]
      if (raw !== undefined) return this.#answer(raw, undefined, text, bytes.length)
      return this.#stray(text)
    }
    if (Array.isArray(value)) {
      const batch = this.#batchFor(value) ?? this.#raws[0]
      if (batch !== undefined) return this.#answer(batch, value, undefined, bytes.length)
      // An array answer nothing asked for: every id in it is unsolicited unless it was sent.
      if (!value.some((item) => hasId(item) && this.#wasSent((item as { id: unknown }).id))) this.#unsolicitedResponse(text)
      return this.#stray(text)
    }
    if (value === null || typeof value !== 'object') return this.#stray(text)
    const message = value as { id?: unknown; method?: unknown; params?: { subscription?: unknown; result?: unknown } }
    const id = message.id
    if (id !== undefined && id !== null) {
      const pending = this.#byId.get(id)
      if (pending !== undefined) return this.#answer(pending, value, undefined, bytes.length)
      // A late answer to a request that timed out is a stray, not a broken envelope; an id never
      // sent is both unsolicited and, while calls wait, the sign of an envelope that renumbers ids.
      if (!this.#wasSent(id)) {
        const sole = this.#soleCall()
        if (sole !== undefined && isMangledId(id, sole.id)) {
          // The one call waiting, its id echoed wrongly (off by one, as a string): its answer, as
          // over HTTP, so the check judges it now instead of waiting out its time-out.
          this.#health?.envelopeBroken(`the answer to ${sole.method ?? 'a request'} (id ${idText(sole.id)}) carries id ${idText(id)}`)
          return this.#answer(sole, value, undefined, bytes.length, false)
        }
        this.#unsolicitedResponse(text)
        if (this.#byId.size > 0)
          this.#health?.envelopeBroken(
            `an answer arrived with id ${idText(id)}, which no request on the connection carried, while ${this.#byId.size} call(s) waited: ${preview(text)}`,
          )
      }
      return this.#stray(text)
    }
    if (typeof message.method === 'string') {
      const key = message.params?.subscription
      const subscription =
        message.method === 'eth_subscription' && (typeof key === 'string' || typeof key === 'number') ? this.#subscriptions.get(String(key)) : undefined
      if (subscription !== undefined) this.#options.onNotification?.(message, subscription.context)
      if (subscription !== undefined && !subscription.cancelled) return subscription.notify(message.params?.result)
      if (message.method === 'eth_subscription') this.#unsolicitedNotification(text)
      if (subscription !== undefined) return subscription.notify(message.params?.result)
      return this.#stray(text)
    }
    // id null (or absent, without a method): the answer to something the node could not read.
    const pending = this.#raws[0] ?? this.#batches[0]
    if (pending !== undefined) return this.#answer(pending, value, undefined, bytes.length)
    // Every request in flight was well-formed, with an id: an answer without one is a broken envelope.
    const sole = this.#soleCall()
    if (sole !== undefined && (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'))) {
      // The one call waiting: it is its answer, judged now (as over HTTP).
      this.#health?.envelopeBroken(`the answer to ${sole.method ?? 'a request'} (id ${idText(sole.id)}) has ${id === null ? 'id null' : 'no id'}`)
      return this.#answer(sole, value, undefined, bytes.length, false)
    }
    if (this.#byId.size > 0)
      this.#health?.envelopeBroken(
        `an answer arrived with ${id === null ? 'id null' : 'no id'} while ${this.#byId.size} well-formed call(s) waited: ${preview(text)}`,
      )
    return this.#stray(text)
  }

  /** The only request waiting on this connection when it is a single call (no batch, no raw text): an answer can then be for nothing else. */
  #soleCall(): Pending | undefined {
    if (this.#byId.size !== 1 || this.#batches.length > 0 || this.#raws.length > 0) return undefined
    return this.#byId.values().next().value
  }

  /** A large frame past the run's byte budget: never parsed, like a frame refused for its shape (JsonShapeScanner). */
  #overBudget(bytes: Buffer, why: string): void {
    this.#refuseFrame(bytes, 'L2CONF_ERR_RESPONSE_TOO_LARGE', `a frame of ${bytes.length} bytes was dropped: ${why}`)
  }

  #refuseFrame(bytes: Buffer, code: HarnessErrorCode, message: string): void {
    const head = bytes.subarray(0, STRAY_SAMPLE_CHARS).toString('utf8')
    const only =
      this.#byId.size + this.#batches.length + this.#raws.length === 1 ? ([...this.#byId.values(), ...this.#batches, ...this.#raws][0] as Pending) : undefined
    if (only === undefined || !this.#forget(only)) return this.#stray(`${head}… (${message})`)
    only.exchange.rawResponse = `${head}… [truncated]`
    only.exchange.responseBytes = bytes.length
    this.#fail(only, code, message)
    if (code === 'L2CONF_ERR_RESPONSE_TOO_LARGE') this.#observeSize(only)
  }

  /** Tells the health the size of the answer to a call, when it shows anything (oversizedEvidence). */
  #observeSize(pending: Pending): void {
    if (pending.kind !== 'single' || pending.method === undefined) return
    const evidence = oversizedEvidence(pending.exchange, pending.method)
    if (evidence !== undefined) this.#health?.answerSized(evidence)
  }

  /** Whether this connection ever sent a request with `id` (ids of `call` are 1..nextId-1; others are remembered). */
  #wasSent(id: unknown): boolean {
    if (typeof id === 'number' && Number.isInteger(id) && id >= 1 && id < this.#nextId) return true
    return this.#sentIds.has(id) || this.#sentIds.size >= SENT_IDS_CAP
  }

  #rememberSent(id: unknown): void {
    if (this.#sentIds.size < SENT_IDS_CAP) this.#sentIds.add(id)
  }

  #unsolicitedResponse(text: string): void {
    this.#unsolicited?.add('responses', text, this.#unsolicitedResponses === 0)
    this.#unsolicitedResponses++
  }

  #unsolicitedNotification(text: string): void {
    this.#unsolicited?.add('notifications', text, this.#unsolicitedNotifications === 0)
    this.#unsolicitedNotifications++
  }

  /** The pending batch an array answers: the one holding the first id found in it, else the oldest. */
  #batchFor(answer: unknown[]): Pending | undefined {
    if (this.#batches.length <= 1) return this.#batches[0]
    for (const item of answer) {
      if (!hasId(item)) continue
      const id = (item as { id: unknown }).id
      const owner = this.#batches.find((batch) => batch.batchIds?.has(id))
      if (owner !== undefined) return owner
    }
    return this.#batches[0]
  }

  #answer(pending: Pending, value: unknown, rawText: string | undefined, bytes: number, sound = true): void {
    this.#forget(pending)
    const exchange = pending.exchange
    // A large frame was taken from the byte budget in #route: it stays counted while its exchange lives.
    if (this.#frameTaken > 0) this.#options.health?.bytes.settle(exchange, this.#frameTaken)
    this.#frameTaken = 0
    if (rawText === undefined) exchange.response = value
    else exchange.rawResponse = rawResponsePreview(rawText)
    exchange.responseBytes = bytes
    const subscription = pending.subscription
    if (subscription !== undefined) {
      const result = (value as { result?: unknown } | undefined)?.result
      if (typeof result === 'string' || typeof result === 'number') {
        subscription.activate(String(result))
        this.#subscriptions.set(String(result), subscription)
      }
    }
    pending.unsubscribing?.markUnsubscribed()
    if (pending.kind === 'single' && sound) this.#health?.envelopeSound()
    else this.#health?.answered()
    this.#observeSize(pending)
    this.#settle(pending)
  }

  #fail(pending: Pending, code: HarnessErrorCode, message: string): void {
    const exchange = pending.exchange
    exchange.failure = { code, message }
    const strays = this.#strays - pending.strayMark
    if (strays > 0) {
      const samples = this.#straySamples
        .filter((sample) => sample.seq > pending.strayMark)
        .slice(0, 3)
        .map((sample) => sample.text)
      exchange.strayFrames = { count: strays, samples }
      exchange.failure.message += `; meanwhile ${strays} frame(s) matched no request, e.g. ${samples[0] ?? ''}`
    }
    pending.unsubscribing?.markUnsubscribed()
    this.#settle(pending)
  }

  #settle(pending: Pending): void {
    clearTimeout(pending.timer)
    pending.exchange.durationMs = performance.now() - pending.startedAt
    pending.resolve(pending.exchange)
  }

  /** Removes a pending request from the matching tables; false when it was already answered. */
  #forget(pending: Pending): boolean {
    if (pending.kind === 'single') return this.#byId.get(pending.id) === pending && this.#byId.delete(pending.id)
    const list = pending.kind === 'batch' ? this.#batches : this.#raws
    const index = list.indexOf(pending)
    if (index === -1) return false
    list.splice(index, 1)
    return true
  }

  #stray(text: string): void {
    const seq = ++this.#strays
    const samples = this.#straySamples
    samples.push({ seq, text: text.length > STRAY_SAMPLE_CHARS ? `${detachedSlice(text, STRAY_SAMPLE_CHARS)}…` : text })
    if (samples.length > STRAY_SAMPLES) samples.shift()
  }

  #onClose(code: number, reason: Buffer): void {
    const error = this.#lastError as { code?: unknown } | undefined
    if (error?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
      const inFlight = this.#byId.size + this.#batches.length + this.#raws.length
      const which = inFlight > 1 ? ` (it may have answered another of the ${inFlight} requests in flight)` : ''
      return this.#shutDown(
        'L2CONF_ERR_RESPONSE_TOO_LARGE',
        `a frame larger than the cap of ${this.#options.maxResponseBytes} bytes arrived${which}; the connection was dropped`,
      )
    }
    const why = reason.length > 0 ? `${code} ${reason.toString('utf8').slice(0, 120)}` : String(code)
    this.#shutDown('L2CONF_ERR_CLOSED', `the connection closed (close code ${why})`)
  }

  /** Fails everything in flight and ends the subscriptions; later requests fail with the same reason. */
  #shutDown(code: HarnessErrorCode, message: string): void {
    if (this.#closed !== undefined) return
    this.#closed = { code, message }
    const pending = [...this.#byId.values(), ...this.#batches, ...this.#raws]
    this.#byId.clear()
    this.#batches.length = 0
    this.#raws.length = 0
    for (const one of pending) this.#fail(one, code, message)
    for (const subscription of this.#subscriptions.values()) subscription.close()
    this.#stopWatching?.()
  }
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  return text.length > 160 ? `${detachedSlice(text, 160)}…` : text
}

/** An id as JSON writes it, so the string "1" never reads as the number 1. */
function idText(id: unknown): string {
  return preview(JSON.stringify(id) ?? String(id))
}

/** Whether `id` is `sent` echoed wrongly: off by one, or the same number as a string (or the reverse). */
export function isMangledId(id: unknown, sent: unknown): boolean {
  if (typeof sent === 'number') return id === sent + 1 || id === sent - 1 || id === String(sent)
  if (typeof sent === 'string') return id === Number(sent)
  return false
}
