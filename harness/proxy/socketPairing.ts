import type { Exchange } from '../transport/exchange.js'
import { isMangledId } from '../transport/wsTransport.js'
import { readBody } from './proxiedExchange.js'
import { invalidRequestReason } from './requestFault.js'

/** Requests waiting for their answer on one connection at most: past it the oldest is given up (and said). */
export const PENDING_PER_CONNECTION = 4096

interface Pending {
  request: unknown
  raw: boolean
  startedAt: number
  started: number
  method: string | undefined
  /** eth_unsubscribe's subscription id, to cancel once the answer says true. */
  cancels?: string
}

/** What one frame from the upstream was, once paired with what the client sent. */
export type UpstreamFrame =
  | { kind: 'answer'; exchange: Exchange }
  | { kind: 'notification'; message: unknown; solicited: boolean }
  | { kind: 'unsolicited'; text: string }
  | { kind: 'unjudged'; reason: string }

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Pairs the frames of one WebSocket connection into exchanges, as the run's WebSocket transport
 * pairs its own (harness/transport/wsTransport.ts): an answer by its id, a batch answer with the
 * oldest batch in flight, an answer with id null with the oldest request the node could not read;
 * `eth_subscription` notifications against the subscriptions opened (and not yet cancelled) on the
 * connection. Bounded: PENDING_PER_CONNECTION requests in flight at most.
 */
export class SocketPairing {
  readonly #byId = new Map<string, Pending[]>()
  readonly #batches: Pending[] = []
  /** Requests the node cannot name in its answer (not JSON, no usable id): answered with id null, oldest first. */
  readonly #unkeyed: Pending[] = []
  readonly #open = new Set<string>()
  readonly #cancelled = new Set<string>()
  #pending = 0
  /** Requests given up to keep the bound. */
  dropped = 0

  constructor(
    readonly url: string,
    readonly judgeBytes: number,
  ) {}

  get pending(): number {
    return this.#pending
  }

  /** A text frame the client sent. Returns why it cannot be judged, or null. */
  fromClient(text: string): string | null {
    if (text.length > this.judgeBytes) return `a WebSocket request of ${text.length} characters, past the judging bound`
    const body = readBody(Buffer.from(text))
    const pending: Pending = {
      request: 'value' in body ? body.value : body.raw,
      raw: 'raw' in body,
      startedAt: Date.now(),
      started: performance.now(),
      method: undefined,
    }
    if (pending.raw) return this.#hold(this.#unkeyed, pending)
    const value = pending.request
    if (Array.isArray(value)) {
      // A batch of notifications only gets no answer at all (JSON-RPC 2.0 section 6).
      if (value.length > 0 && value.every((item) => invalidRequestReason(item) === null && !Object.hasOwn(item as object, 'id'))) return null
      return this.#hold(this.#batches, pending)
    }
    if (!isObject(value) || !Object.hasOwn(value, 'id') || (value.id !== null && typeof value.id !== 'string' && typeof value.id !== 'number')) {
      // A notification gets no answer; anything else without a usable id is answered with id null.
      return invalidRequestReason(value) === null ? null : this.#hold(this.#unkeyed, pending)
    }
    if (value.id === null) return this.#hold(this.#unkeyed, pending)
    if (typeof value.method === 'string') pending.method = value.method
    if (value.method === 'eth_unsubscribe' && Array.isArray(value.params) && typeof value.params[0] === 'string') pending.cancels = value.params[0]
    const key = JSON.stringify(value.id)
    let queue = this.#byId.get(key)
    if (queue === undefined) this.#byId.set(key, (queue = []))
    return this.#hold(queue, pending)
  }

  #hold(queue: Pending[], pending: Pending): null {
    queue.push(pending)
    this.#pending++
    if (this.#pending > PENDING_PER_CONNECTION) this.#dropOldest()
    return null
  }

  #dropOldest(): void {
    let oldest: { queue: Pending[]; key?: string } | undefined
    const consider = (queue: Pending[], key?: string): void => {
      const head = queue[0]
      if (head !== undefined && (oldest === undefined || head.started < oldest.queue[0]!.started)) oldest = key === undefined ? { queue } : { queue, key }
    }
    consider(this.#batches)
    consider(this.#unkeyed)
    for (const [key, queue] of this.#byId) consider(queue, key)
    if (oldest === undefined) return
    oldest.queue.shift()
    if (oldest.key !== undefined && oldest.queue.length === 0) this.#byId.delete(oldest.key)
    this.#pending--
    this.dropped++
  }

  /** A text frame the upstream sent: the exchange it completes, a notification, or a frame nobody asked for. */
  fromUpstream(text: string): UpstreamFrame {
    if (text.length > this.judgeBytes) {
      // Too large to read: it still answers something; the oldest request in flight is the best guess, given up unjudged.
      if (this.#pending > 0) this.#dropOldest()
      return { kind: 'unjudged', reason: `a WebSocket answer of ${text.length} characters, past the judging bound` }
    }
    const body = readBody(Buffer.from(text))
    if ('raw' in body) {
      const pending = this.#unkeyed.shift() ?? this.#batches.shift()
      return pending === undefined ? { kind: 'unsolicited', text } : this.#answer(pending, body, text)
    }
    const value = body.value
    if (Array.isArray(value)) {
      const pending = this.#batches.shift()
      return pending === undefined ? { kind: 'unsolicited', text } : this.#answer(pending, body, text)
    }
    if (isObject(value) && value.id !== undefined && value.id !== null) {
      let key = JSON.stringify(value.id)
      // As the run's transport reads it: the one call waiting, its id echoed wrongly, gets this answer (RPC-ENVELOPE's finding, not a stray).
      if (!this.#byId.has(key) && this.#pending === 1 && this.#byId.size === 1) {
        const [soleKey] = this.#byId.keys()
        if (isMangledId(value.id, JSON.parse(soleKey!) as unknown)) key = soleKey!
      }
      const queue = this.#byId.get(key)
      const pending = queue?.shift()
      if (queue !== undefined && queue.length === 0) this.#byId.delete(key)
      return pending === undefined ? { kind: 'unsolicited', text } : this.#answer(pending, body, text)
    }
    if (isObject(value) && value.method === 'eth_subscription') {
      const params = isObject(value.params) ? value.params : {}
      const id = typeof params.subscription === 'string' ? params.subscription : undefined
      return { kind: 'notification', message: value, solicited: id !== undefined && this.#open.has(id) }
    }
    // id null or none: the answer to the oldest request the node could not read (a batch it could not, as a whole).
    const pending = this.#unkeyed.shift() ?? this.#batches.shift()
    return pending === undefined ? { kind: 'unsolicited', text } : this.#answer(pending, body, text)
  }

  #answer(pending: Pending, body: { value: unknown } | { raw: string }, text: string): UpstreamFrame {
    this.#pending--
    const exchange: Exchange = {
      transport: 'ws',
      url: this.url,
      request: pending.request,
      startedAt: pending.startedAt,
      durationMs: performance.now() - pending.started,
      responseBytes: Buffer.byteLength(text),
    }
    if (pending.raw) exchange.requestIsRaw = true
    if ('value' in body) exchange.response = body.value
    else exchange.rawResponse = body.raw
    // Subscriptions opened and cancelled, by the answers that say so.
    const result = 'value' in body && isObject(body.value) ? body.value.result : undefined
    if (pending.method === 'eth_subscribe' && typeof result === 'string') {
      this.#open.add(result)
      this.#cancelled.delete(result)
    }
    if (pending.cancels !== undefined && result === true) {
      this.#open.delete(pending.cancels)
      this.#cancelled.add(pending.cancels)
    }
    return { kind: 'answer', exchange }
  }
}
