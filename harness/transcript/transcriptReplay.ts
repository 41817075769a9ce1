import { EventEmitter } from 'node:events'
import { currentCheck } from '../run/certify.js'
import type { Exchange } from '../transport/exchange.js'
import { canonicalRequest, restRequestOf, rewriteIds } from './canonicalRequest.js'
import type { RecordedExchange, RecordedNotification, TranscriptFile } from './recordedExchange.js'
import { OUTSIDE_CHECKS } from './transcriptPaths.js'
import { advanceClock } from './replayClock.js'

/** One recorded exchange waiting to be replayed, with the frames the node pushed after it. */
interface Slot {
  key: string
  recorded: RecordedExchange
  file: string
  used: boolean
  after: RecordedNotification[]
}

/** A pushed frame is delivered at most this long after the exchange before it (a recording paused for long is not waited out). */
const MAX_PUSH_DELAY_MS = 30_000

/** The failure code of a request the transcript holds no answer for: like an unusable transport, the check is not-run. */
const NO_ANSWER = 'L2CONF_ERR_UNUSABLE'

/** What a live exchange's request looks like to the matcher. */
function keyOf(exchange: Exchange): string {
  if (exchange.protocol === 'rest')
    return canonicalRequest({ transport: 'http', protocol: 'rest', request: restRequestOf(exchange.request as Record<string, unknown>) })
  return canonicalRequest(exchange)
}

/** Copies a recorded answer onto a fresh exchange (the request, address and ids are the live ones). */
function fill(exchange: Exchange, recorded: RecordedExchange): Exchange {
  if (recorded.response !== undefined)
    exchange.response = exchange.protocol === 'rest' ? recorded.response : rewriteIds(recorded.request, exchange.request, recorded.response)
  if (recorded.rawResponse !== undefined) exchange.rawResponse = recorded.rawResponse
  if (recorded.httpStatus !== undefined) exchange.httpStatus = recorded.httpStatus
  if (recorded.headers !== undefined) exchange.headers = { ...recorded.headers }
  if (recorded.failure !== undefined) exchange.failure = { ...recorded.failure }
  if (recorded.responseBytes !== undefined) exchange.responseBytes = recorded.responseBytes
  if (recorded.attempts !== undefined) exchange.attempts = recorded.attempts
  if (recorded.strayFrames !== undefined) exchange.strayFrames = recorded.strayFrames
  exchange.durationMs = recorded.durationMs
  if (recorded.at !== undefined) advanceClock(recorded.at + recorded.durationMs)
  return exchange
}

/**
 * Answers a run's requests from a transcript folder instead of the network (`l2conf check`): each
 * request gets the next unused recorded exchange of the same check with the same canonical request
 * (canonicalRequest), in order; a request with none gets an unsent failure that makes the check
 * not-run, naming the file and the request. WebSocket connections are ReplaySockets, so the
 * transport's own matching, subscriptions and notifications run as they did live.
 */
export class TranscriptReplay {
  readonly #slots = new Map<string, Slot[]>()
  readonly #files = new Map<string, string>()
  readonly #slotOf = new Map<RecordedExchange, Slot>()
  /** Subscription id -> the socket that opened it, where pushed frames go. */
  readonly #subscribers = new Map<string, ReplaySocket>()

  constructor(files: readonly TranscriptFile[]) {
    for (const file of files) {
      const check = file.header?.check ?? OUTSIDE_CHECKS
      const slots = this.#slots.get(check) ?? []
      this.#slots.set(check, slots)
      if (file.path.endsWith('.io') || !this.#files.has(check)) this.#files.set(check, file.path)
      for (const entry of file.entries) {
        if (entry.kind === 'notification') {
          const last = slots.findLast((slot) => slot.file === file.path)
          if (last !== undefined) last.after.push(entry)
          continue
        }
        const slot: Slot = { key: canonicalRequest(entry), recorded: entry, file: file.path, used: false, after: [] }
        slots.push(slot)
        this.#slotOf.set(entry, slot)
      }
    }
  }

  /** The check whose transcript answers the current async context. */
  #check(): string {
    return currentCheck()?.id ?? OUTSIDE_CHECKS
  }

  #find(key: string, take: boolean): Slot | undefined {
    const slot = this.#slots.get(this.#check())?.find((s) => !s.used && s.key === key)
    if (slot !== undefined && take) slot.used = true
    return slot
  }

  #missing(exchange: Exchange): Exchange {
    const check = this.#check()
    const file = this.#files.get(check) ?? `no transcript file for check ${check}`
    const what =
      exchange.requestIsRaw === true
        ? String(exchange.request).slice(0, 120)
        : (JSON.stringify(exchange.protocol === 'rest' ? restRequestOf(exchange.request as Record<string, unknown>) : exchange.request) ?? '').slice(0, 200)
    exchange.failure = { code: NO_ANSWER, message: `the transcript has no recorded answer for this request (${file}): ${what}` }
    return exchange
  }

  /** Answers an HTTP JSON-RPC or REST exchange from the transcript. */
  answer(exchange: Exchange): Exchange {
    const slot = this.#find(keyOf(exchange), true)
    if (slot === undefined) return this.#missing(exchange)
    this.pushAfter(slot.recorded)
    return fill(exchange, slot.recorded)
  }

  /** For a WebSocket request about to be sent: the failed exchange when the transcript cannot answer it, else undefined. */
  unanswered(exchange: Exchange): Exchange | undefined {
    return this.#find(keyOf(exchange), false) === undefined ? this.#missing(exchange) : undefined
  }

  /** A WebSocket connection answered from the transcript. */
  openSocket(): ReplaySocket {
    return new ReplaySocket(this)
  }

  /** The recorded answer for a frame a ReplaySocket was sent (taken: it will not answer again). */
  take(request: unknown, raw: boolean): RecordedExchange | undefined {
    const exchange: Exchange = { transport: 'ws', url: '', request, startedAt: 0, durationMs: 0, ...(raw ? { requestIsRaw: true } : {}) }
    return this.#find(keyOf(exchange), true)?.recorded
  }

  subscribe(id: string, socket: ReplaySocket): void {
    this.#subscribers.set(id, socket)
  }

  /** Pushes the frames recorded after an exchange to the sockets of their subscriptions, after its answer. */
  pushAfter(recorded: RecordedExchange): void {
    const answered = recorded.at === undefined ? undefined : recorded.at + recorded.durationMs
    for (const notification of this.#slotOf.get(recorded)?.after ?? []) {
      const params = (notification.message as { params?: { subscription?: unknown } }).params
      const socket = this.#subscribers.get(String(params?.subscription))
      // As long after the exchange before it as it came live (a check that counts what arrives in a window sees what it saw).
      const delay = notification.at === undefined || answered === undefined ? 1 : Math.min(Math.max(1, notification.at - answered), MAX_PUSH_DELAY_MS)
      socket?.deliverLater(JSON.stringify(notification.message), delay)
    }
  }
}

/** The ws states a WsTransport reads. */
const OPEN = 1
const CLOSED = 3

/**
 * A stand-in for a `ws` WebSocket whose frames are answered from a transcript: what the WsTransport
 * sends is matched like any request, and the recorded answer (ids moved to the new request's)
 * arrives as a frame, followed by the notifications recorded after it. A request recorded as
 * timed out gets no frame, as live; one recorded as closed closes the connection.
 */
export class ReplaySocket extends EventEmitter {
  readyState = OPEN
  readonly #replay: TranscriptReplay

  constructor(replay: TranscriptReplay) {
    super()
    this.#replay = replay
  }

  send(frame: string): void {
    let request: unknown = frame
    let raw = true
    try {
      request = JSON.parse(frame)
      raw = false
    } catch {
      // raw text: matched as sent
    }
    let recorded = raw ? undefined : this.#replay.take(request, false)
    // A probe sent as raw text that happens to be JSON was recorded as raw.
    if (recorded === undefined) recorded = this.#replay.take(frame, true)
    if (recorded === undefined) return
    if (recorded.at !== undefined) advanceClock(recorded.at + recorded.durationMs)
    if (recorded.response !== undefined) {
      const answer = rewriteIds(recorded.request, request, recorded.response)
      const result = (answer as { result?: unknown } | null)?.result
      const method = (request as { method?: unknown } | null)?.method
      if (method === 'eth_subscribe' && typeof result === 'string') this.#replay.subscribe(result, this)
      this.deliverLater(JSON.stringify(answer))
      this.#replay.pushAfter(recorded)
    } else if (recorded.rawResponse !== undefined) this.deliverLater(recorded.rawResponse)
    else if (recorded.failure?.code === 'L2CONF_ERR_CLOSED') {
      // The close code and reason as the transport worded them live ("close code 1009 ...").
      const closed = /close code (\d+)(?: ([^)]*))?\)/.exec(recorded.failure.message)
      setImmediate(() => this.close(closed === null ? 1006 : Number(closed[1]), closed?.[2] ?? ''))
    }
  }

  /** The last pushed frame scheduled on this socket: the next one is emitted only after it. */
  #lastPush: Promise<void> = Promise.resolve()

  /**
   * Emits a frame: an answer right after the current turn (`delayMs` 0), a pushed frame `delayMs`
   * later but never before a frame pushed earlier (notifications arrive in the order they were
   * recorded, even when a later request's come sooner after it than an earlier request's did). The
   * order is kept by chaining each pushed frame to the one before, not by timers: two timers due at
   * the same moment may fire in either order (their expiry is counted from the event loop's cached
   * clock, in whole milliseconds).
   */
  deliverLater(text: string, delayMs = 0): void {
    const emit = (): void => {
      if (this.readyState === OPEN) this.emit('message', Buffer.from(text))
    }
    if (delayMs === 0) return void setImmediate(emit)
    const due = performance.now() + delayMs
    this.#lastPush = this.#lastPush.then(
      () =>
        new Promise<void>((resolve) => {
          const fire = (): void => {
            emit()
            resolve()
          }
          const wait = due - performance.now()
          if (wait <= 0) setImmediate(fire)
          else setTimeout(fire, Math.max(1, wait)).unref()
        }),
    )
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CLOSED) return
    this.readyState = CLOSED
    setImmediate(() => this.emit('close', code, Buffer.from(reason)))
  }

  terminate(): void {
    this.close(1006)
  }
}
