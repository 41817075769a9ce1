import type { IncomingHttpHeaders } from 'node:http'
import { Capture, type ForwardedHttp } from './forwardHttp.js'
import { framingOf, HttpFramer, type BodyFraming, type MessageHead, type Moment } from './httpFramer.js'

/** A request framed on a tapped connection, waiting for its answer. */
interface TappedRequest {
  method: string
  headers: Record<string, string>
  sent: Capture
  startedAt: number
  started: number
}

/** An answer being framed: its status and headers, its body so far; interim (1xx) answers pair with nothing. */
interface TappedAnswer {
  status: number
  headers: Record<string, string>
  received: Capture
  interim: boolean
}

type Seen = { from: 'client' | 'upstream'; chunk: Buffer; at: Moment } | { from: 'client' | 'upstream'; chunk: null; at: Moment }

export interface TapEvents {
  /** One request and its answer (or its failure), as forwardHttp reports an exchange. */
  exchange(forwarded: ForwardedHttp): void
  /** The tap stopped on this connection (forwarding goes on): why, and how many exchanges it leaves unjudged. */
  stopped(reason: string, unjudged: number): void
}

const now = (): Moment => ({ wall: Date.now(), mono: performance.now() })

/**
 * A passive tap on one forwarded HTTP/1.1 connection (ARCHITECTURE.md, the proxy): it is handed the
 * bytes each way after they were forwarded, frames them into requests and answers (pipelined ones
 * paired in order, 1xx answers skipped), and reports each pair as a ForwardedHttp, so the judges
 * take it exactly as they take an exchange forwarded at the HTTP level. Framing is deferred
 * (setImmediate), never delaying the bytes. What it cannot frame stops it for the connection, never
 * the forwarding; it never throws on what either side sends.
 */
export class ConnectionTap {
  readonly #events: TapEvents
  readonly #captureBytes: number
  readonly #seen: Seen[] = []
  #scheduled = false
  readonly #requests: TappedRequest[] = []
  #request: TappedRequest | undefined
  #answer: TappedAnswer | undefined
  #stopped = false
  /** Which side closed (or half-closed) first: pending requests are then the client's leaving or the upstream's failure. */
  #firstClosed: 'client' | 'upstream' | undefined
  readonly #client: HttpFramer
  readonly #upstream: HttpFramer

  constructor(events: TapEvents, captureBytes: number) {
    this.#events = events
    this.#captureBytes = captureBytes
    this.#client = new HttpFramer({
      head: (head, at) => this.#requestHead(head, at),
      body: (bytes) => this.#request?.sent.add(bytes),
      end: () => (this.#request = undefined),
    })
    this.#upstream = new HttpFramer({
      head: (head) => this.#answerHead(head),
      body: (bytes) => this.#answer?.received.add(bytes),
      end: (at) => this.#answerEnd(at),
    })
  }

  /** Bytes the client sent (already forwarded). */
  fromClient(chunk: Buffer): void {
    this.#see({ from: 'client', chunk, at: now() })
  }

  /** Bytes the upstream sent (already forwarded). */
  fromUpstream(chunk: Buffer): void {
    this.#see({ from: 'upstream', chunk, at: now() })
  }

  /** That side ended or closed its connection. */
  closed(side: 'client' | 'upstream'): void {
    this.#see({ from: side, chunk: null, at: now() })
  }

  /** Between messages both ways with every request answered, framing what it was handed first; false once stopped (nothing is known then). */
  get settled(): boolean {
    if (!this.#stopped) this.#drain()
    return !this.#stopped && this.#requests.length === 0 && this.#answer === undefined && this.#client.idle && this.#upstream.idle
  }

  /** Between two of the client's requests, framing what it was handed first; false once stopped. */
  get betweenRequests(): boolean {
    if (!this.#stopped) this.#drain()
    return !this.#stopped && this.#client.idle
  }

  #see(seen: Seen): void {
    if (this.#stopped) return
    this.#seen.push(seen)
    if (this.#scheduled) return
    this.#scheduled = true
    setImmediate(() => this.#drain())
  }

  #drain(): void {
    this.#scheduled = false
    for (let i = 0; i < this.#seen.length && !this.#stopped; i++) {
      const seen = this.#seen[i]!
      if (seen.chunk === null) this.#onClosed(seen.from, seen.at)
      else (seen.from === 'client' ? this.#client : this.#upstream).push(seen.chunk, seen.at)
      const reason = this.#client.stopped ?? this.#upstream.stopped
      if (reason !== undefined) this.#stop(reason)
    }
    this.#seen.length = 0
  }

  #stop(reason: string): void {
    if (this.#stopped) return
    this.#stopped = true
    this.#client.stop(reason)
    this.#upstream.stop(reason)
    this.#seen.length = 0
    this.#events.stopped(reason, this.#requests.length)
    this.#requests.length = 0
  }

  #requestHead(head: MessageHead, at: Moment): BodyFraming {
    if (!head.start[2].startsWith('HTTP/1.'))
      return { kind: 'stop', reason: `a request line that is not HTTP/1.x: ${JSON.stringify(head.start.join(' ').slice(0, 80))}` }
    const request: TappedRequest = { method: head.start[0], headers: head.headers, sent: new Capture(this.#captureBytes), startedAt: at.wall, started: at.mono }
    this.#requests.push(request)
    this.#request = request
    // A request carries a body only by its own headers (RFC 9112 section 6.3).
    return framingOf(head.headers, { kind: 'none' })
  }

  #answerHead(head: MessageHead): BodyFraming {
    const status = Number(head.start[1])
    if (!head.start[0].startsWith('HTTP/1.') || !/^\d{3}$/.test(head.start[1]))
      return { kind: 'stop', reason: `a status line that is not HTTP/1.x: ${JSON.stringify(head.start.join(' ').slice(0, 80))}` }
    const request = this.#requests[0]
    if (request === undefined) return { kind: 'stop', reason: `an answer (HTTP ${status}) to no request` }
    if (status === 101) return { kind: 'stop', reason: 'the connection switched protocols (HTTP 101)' }
    const interim = status < 200
    this.#answer = { status, headers: head.headers, received: new Capture(this.#captureBytes), interim }
    if (interim || request.method === 'HEAD' || status === 204 || status === 304) return { kind: 'none' }
    return framingOf(head.headers, { kind: 'close' })
  }

  #answerEnd(at: Moment): void {
    const answer = this.#answer
    this.#answer = undefined
    if (answer === undefined || answer.interim) return
    const request = this.#requests.shift()!
    this.#events.exchange(this.#forwarded(request, at, { status: answer.status, headers: answer.headers, received: answer.received }))
  }

  #forwarded(
    request: TappedRequest,
    at: Moment,
    fields: { status?: number; headers?: Record<string, string>; received?: Capture; failure?: ForwardedHttp['failure']; clientGone?: boolean },
  ): ForwardedHttp {
    const forwarded: ForwardedHttp = {
      method: request.method,
      requestBody: request.sent.kept,
      requestBytes: request.sent.bytes,
      requestHeaders: request.headers as IncomingHttpHeaders,
      status: fields.status,
      headers: fields.headers ?? {},
      // Past the judging bound the kept body is null, as forwardHttp says it.
      responseBody: fields.received === undefined ? Buffer.alloc(0) : fields.received.kept,
      responseBytes: fields.received?.bytes ?? 0,
      clientGone: fields.clientGone ?? false,
      startedAt: request.startedAt,
      durationMs: at.mono - request.started,
    }
    if (fields.failure !== undefined) forwarded.failure = fields.failure
    return forwarded
  }

  #onClosed(side: 'client' | 'upstream', at: Moment): void {
    this.#firstClosed ??= side
    if (side === 'client') return
    // The upstream's side is done: an answer that ran until the close is whole; what is left was never (wholly) answered.
    this.#upstream.closed(at)
    const answer = this.#answer
    this.#answer = undefined
    const clientGone = this.#firstClosed === 'client'
    if (answer !== undefined && !answer.interim) {
      const request = this.#requests.shift()!
      this.#events.exchange(
        clientGone
          ? this.#forwarded(request, at, { status: answer.status, headers: answer.headers, received: answer.received, clientGone })
          : this.#forwarded(request, at, {
              status: answer.status,
              headers: answer.headers,
              received: answer.received,
              failure: { code: 'L2CONF_ERR_CLOSED', message: "the upstream's answer broke off: the connection closed" },
            }),
      )
    }
    for (const request of this.#requests.splice(0))
      this.#events.exchange(
        clientGone
          ? this.#forwarded(request, at, { clientGone })
          : this.#forwarded(request, at, {
              failure: { code: 'L2CONF_ERR_CLOSED', message: 'the upstream closed the connection before answering' },
            }),
      )
    this.#stopped = true
  }
}
