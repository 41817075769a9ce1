import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A count that goes up and down and remembers its highest value (connections open, requests in
 * flight) and its integral over time (its mean over a span is that over the span's length). Several
 * proxies may feed one, to see a run's figures over all its transports together.
 */
export class Gauge {
  current = 0
  peak = 0
  /** How many times it went up (connections accepted, requests seen). */
  total = 0
  #area = 0
  #changedAt = performance.now()

  up(): void {
    this.#account()
    this.current++
    this.total++
    if (this.current > this.peak) this.peak = this.current
  }

  down(count = 1): void {
    if (count === 0) return
    this.#account()
    this.current -= count
  }

  /** The integral of the count over time since the gauge was made, in count × milliseconds. */
  area(): number {
    this.#account()
    return this.#area
  }

  #account(): void {
    const now = performance.now()
    this.#area += this.current * (now - this.#changedAt)
    this.#changedAt = now
  }
}

export interface DelayProxyOptions {
  /** The upstream the proxy forwards to (always reached as given; the proxy itself listens on 127.0.0.1). */
  upstreamHost: string
  upstreamPort: number
  /** The round trip the proxy adds: each direction is delayed by half of it. */
  roundTripMs: number
  /**
   * Bytes one direction of one connection may hold in its delay queue before the proxy stops reading
   * from that side (default 16 MiB). A real link's capacity is finite too; this one is large enough
   * that answers of a few MiB pass at full speed at a 100 ms round trip.
   */
  maxQueuedBytes?: number
  /** More gauges to count into, beside the proxy's own (e.g. one shared by the proxies of one run). */
  alsoCount?: { connections?: Gauge; requests?: Gauge }
}

export interface DelayProxy {
  /** The port the proxy listens on, on 127.0.0.1. */
  port: number
  /** TCP connections open at once, through this proxy. */
  connections: Gauge
  /** HTTP requests in flight at once, through this proxy (see startDelayProxy for how they are counted). */
  requests: Gauge
  /** Stops listening and destroys every connection; resolves once the server is closed. Idempotent. */
  close(): Promise<void>
}

/** The start of an HTTP request: its method and a space, at the first byte of a chunk. */
const REQUEST_LINE = /^(?:GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) /
/** The start of the upstream's answer that switches a connection to WebSocket. */
const SWITCHING_PROTOCOLS = /^HTTP\/1\.[01] 101 /
/** A timer may fire up to a millisecond before the time it was set for. */
const TIMER_SLACK_MS = 1
/** How long one side of a connection may stay open after the other closed cleanly. */
const CLOSE_GRACE_MS = 2_000

interface Queued {
  /** A chunk to write, or null for the source's end (forwarded as a half-close). */
  chunk: Buffer | null
  releaseAt: number
}

/**
 * One direction of one connection: what `source` sends reaches `destination` `delayMs` later, in the
 * order it was sent. A FIFO of (chunk, release time) drained in order by a single timer set for the
 * head of the queue; as the delay is the same for every chunk, the release times never decrease. The
 * source is paused while the destination's buffer is full (its write returned false) or while the
 * queue holds more than `maxQueuedBytes`, and resumed when both have cleared.
 */
class DelayedDirection {
  readonly #source: Socket
  readonly #destination: Socket
  readonly #delayMs: number
  readonly #maxQueuedBytes: number
  readonly #queue: Queued[] = []
  /** Index of the head in #queue (shifting an array is O(n); it is compacted now and then). */
  #head = 0
  #queuedBytes = 0
  #timer: NodeJS.Timeout | undefined
  #destinationFull = false
  #paused = false
  #stopped = false

  constructor(source: Socket, destination: Socket, delayMs: number, maxQueuedBytes: number, onChunk: (chunk: Buffer) => void) {
    this.#source = source
    this.#destination = destination
    this.#delayMs = delayMs
    this.#maxQueuedBytes = maxQueuedBytes
    source.on('data', (chunk: Buffer) => {
      onChunk(chunk)
      this.#enqueue(chunk)
    })
    source.on('end', () => this.#enqueue(null))
    destination.on('drain', () => {
      this.#destinationFull = false
      this.#updateFlow()
    })
  }

  /** Drops whatever is queued and writes nothing more (the connection is being torn down). */
  stop(): void {
    this.#stopped = true
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#queue.length = 0
    this.#head = 0
    this.#queuedBytes = 0
  }

  #enqueue(chunk: Buffer | null): void {
    if (this.#stopped) return
    this.#queue.push({ chunk, releaseAt: performance.now() + this.#delayMs })
    this.#queuedBytes += chunk?.length ?? 0
    this.#updateFlow()
    this.#schedule()
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#stopped) return
    const head = this.#queue[this.#head]
    if (head === undefined) return
    const wait = head.releaseAt - performance.now()
    if (wait < TIMER_SLACK_MS) this.#release()
    else this.#timer = setTimeout(() => this.#release(), wait)
  }

  /** Writes every chunk that is due, in order, then sets the timer for the next one. */
  #release(): void {
    this.#timer = undefined
    const now = performance.now()
    while (!this.#stopped) {
      const head = this.#queue[this.#head]
      if (head === undefined || head.releaseAt - now >= TIMER_SLACK_MS) break
      this.#head++
      if (head.chunk === null) {
        this.#destination.end()
      } else {
        this.#queuedBytes -= head.chunk.length
        // Already read, so written even when the destination is full; the source is what pauses.
        if (!this.#destination.destroyed && !this.#destination.write(head.chunk)) this.#destinationFull = true
      }
    }
    // The written entries are dropped (and their chunks with them) once the queue is empty, or once
    // they are most of it.
    if (this.#head === this.#queue.length || (this.#head > 1024 && this.#head * 2 > this.#queue.length)) {
      this.#queue.splice(0, this.#head)
      this.#head = 0
    }
    this.#updateFlow()
    this.#schedule()
  }

  #updateFlow(): void {
    if (this.#stopped) return
    const hold = this.#destinationFull || this.#queuedBytes > this.#maxQueuedBytes
    if (hold && !this.#paused) {
      this.#paused = true
      this.#source.pause()
    } else if (!hold && this.#paused) {
      this.#paused = false
      this.#source.resume()
    }
  }
}

/**
 * Starts a TCP proxy on 127.0.0.1 (a free port) in front of `upstreamHost:upstreamPort` that delays
 * each direction by half of `roundTripMs`, as a remote node's network would: bytes keep their order
 * per connection and direction, a half-close is forwarded after the bytes before it, and an error or
 * reset on either side destroys the other.
 *
 * It counts TCP connections open at once, and HTTP requests in flight at once, at the HTTP level and
 * approximately: a request is in flight from a client chunk that starts with a method line (`POST `,
 * `GET `...) until the first bytes of an answer arrive from the upstream on that connection (the
 * outward delay is inside that span, the return delay is not). Requests pipelined on one connection
 * all end at the first answer bytes. A connection whose upstream answered `101 Switching Protocols`
 * is a WebSocket: its upgrade request counts as one request, and its messages after that are not
 * counted as requests (only the connection is).
 */
export async function startDelayProxy(options: DelayProxyOptions): Promise<DelayProxy> {
  const delayMs = Math.max(0, options.roundTripMs) / 2
  const maxQueuedBytes = options.maxQueuedBytes ?? 16 * 1024 * 1024
  const connections = new Gauge()
  const requests = new Gauge()
  const connectionGauges = [connections, ...(options.alsoCount?.connections === undefined ? [] : [options.alsoCount.connections])]
  const requestGauges = [requests, ...(options.alsoCount?.requests === undefined ? [] : [options.alsoCount.requests])]
  const open = new Set<Socket>()

  const server: Server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    const upstream = createConnection({ host: options.upstreamHost, port: options.upstreamPort, allowHalfOpen: true, noDelay: true })
    open.add(client)
    open.add(upstream)
    for (const gauge of connectionGauges) gauge.up()
    let inFlight = 0
    let webSocket = false
    const endRequests = (): void => {
      for (const gauge of requestGauges) gauge.down(inFlight)
      inFlight = 0
    }
    const outward = new DelayedDirection(client, upstream, delayMs, maxQueuedBytes, (chunk) => {
      if (webSocket || !REQUEST_LINE.test(chunk.subarray(0, 8).toString('latin1'))) return
      inFlight++
      for (const gauge of requestGauges) gauge.up()
    })
    // A client sends its next request on a connection only once it has the whole answer, which left
    // the upstream before: the first upstream bytes after a request are its answer's.
    const inward = new DelayedDirection(upstream, client, delayMs, maxQueuedBytes, (chunk) => {
      if (inFlight === 0) return
      if (SWITCHING_PROTOCOLS.test(chunk.subarray(0, 16).toString('latin1'))) webSocket = true
      endRequests()
    })
    let torn = false
    const tearDown = (): void => {
      if (torn) return
      torn = true
      outward.stop()
      inward.stop()
      client.destroy()
      upstream.destroy()
    }
    // An error on either side (a reset, a refused upstream) ends the pair at once.
    client.on('error', tearDown)
    upstream.on('error', tearDown)
    let closed = 0
    const onClose = (): void => {
      if (++closed < 2) {
        // A side that closed cleanly has both ended and been ended, so the other follows by itself
        // once the last delayed bytes are through; if it has not after a while, it is destroyed.
        setTimeout(tearDown, delayMs + CLOSE_GRACE_MS).unref()
        return
      }
      tearDown()
      endRequests()
      for (const gauge of connectionGauges) gauge.down()
    }
    client.once('close', () => {
      open.delete(client)
      onClose()
    })
    upstream.once('close', () => {
      open.delete(upstream)
      onClose()
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the delay proxy has no TCP address')

  let closing: Promise<void> | undefined
  return {
    port: address.port,
    connections,
    requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of open) socket.destroy()
      })
      return closing
    },
  }
}
