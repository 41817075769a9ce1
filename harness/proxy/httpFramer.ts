/** The largest message head (start line and headers) the tap frames; a longer one stops it (a node refuses far smaller heads). */
export const MAX_HEAD_BYTES = 64 * 1024
/** The longest chunk-size line (with its extensions) of a chunked body the tap frames. */
const MAX_CHUNK_LINE_BYTES = 4 * 1024

/** One HTTP/1.1 message head as framed: its start line split in three, its headers (lower-case names, repeated ones joined with ', '). */
export interface MessageHead {
  /** Request: method, target, version. Answer: version, status, reason phrase. */
  start: [string, string, string]
  headers: Record<string, string>
}

/** How a message's body is delimited, as its owner decides from the head (RFC 9112 section 6.3). */
export type BodyFraming = { kind: 'none' } | { kind: 'length'; bytes: number } | { kind: 'chunked' } | { kind: 'close' } | { kind: 'stop'; reason: string }

export interface FramerEvents {
  /** A head framed; returns how its body is delimited. */
  head(head: MessageHead, at: Moment): BodyFraming
  /** Bytes of the current message's body (chunked: the data only, without sizes and trailers). */
  body(bytes: Buffer): void
  /** The current message is whole. */
  end(at: Moment): void
}

/** When bytes arrived: wall clock for the report, a monotonic clock for durations. */
export interface Moment {
  wall: number
  mono: number
}

const CRLF_CRLF = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')

/** Parses a head's bytes (without the blank line), or says why it cannot. */
export function parseHead(bytes: Buffer): MessageHead | string {
  const lines = bytes.toString('latin1').split('\r\n')
  const startLine = lines[0]!
  const first = startLine.indexOf(' ')
  const second = first < 0 ? -1 : startLine.indexOf(' ', first + 1)
  if (first <= 0) return `a start line that is not HTTP/1.1: ${JSON.stringify(startLine.slice(0, 80))}`
  const start: [string, string, string] =
    second < 0
      ? [startLine.slice(0, first), startLine.slice(first + 1), '']
      : [startLine.slice(0, first), startLine.slice(first + 1, second), startLine.slice(second + 1)]
  const headers: Record<string, string> = {}
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    const colon = line.indexOf(':')
    // Obsolete line folding and header lines without a name are refused by RFC 9112: the tap stops rather than guess.
    if (colon <= 0 || line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) return `a header line that cannot be read: ${JSON.stringify(line.slice(0, 80))}`
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  return { start, headers }
}

/**
 * How a message's body is delimited by its own headers: Transfer-Encoding ending in chunked, else
 * Content-Length (one value, repeated identically at most), else `otherwise`. Anything ambiguous
 * (both, conflicting lengths, another transfer coding) stops the tap: a node and a client may read
 * it differently, and the tap must never guess where a message ends.
 */
export function framingOf(headers: Record<string, string>, otherwise: BodyFraming): BodyFraming {
  const coding = headers['transfer-encoding']
  const length = headers['content-length']
  if (coding !== undefined) {
    if (length !== undefined) return { kind: 'stop', reason: 'both Transfer-Encoding and Content-Length' }
    const codings = coding.split(',').map((c) => c.trim().toLowerCase())
    if (codings.at(-1) !== 'chunked') return { kind: 'stop', reason: `a transfer coding the tap does not frame: ${coding}` }
    return { kind: 'chunked' }
  }
  if (length !== undefined) {
    const values = new Set(length.split(',').map((v) => v.trim()))
    const only = values.size === 1 ? [...values][0]! : ''
    if (!/^\d{1,15}$/.test(only)) return { kind: 'stop', reason: `a Content-Length that cannot be read: ${length.slice(0, 40)}` }
    return { kind: 'length', bytes: Number(only) }
  }
  return otherwise
}

type State =
  | { at: 'head' }
  | { at: 'fixed'; left: number }
  | { at: 'chunk-size' }
  | { at: 'chunk-data'; left: number }
  | { at: 'chunk-end' }
  | { at: 'trailers' }
  | { at: 'until-close' }
  | { at: 'stopped'; reason: string }

/**
 * Frames one direction of an HTTP/1.1 connection into messages, chunk by chunk as the bytes came
 * (a message may be split across any number of chunks, and a chunk may hold many messages): heads,
 * body bytes, ends. A stream it cannot frame stops it for good (`stopped` says why); it never throws
 * on what either side sends.
 */
export class HttpFramer {
  #state: State = { at: 'head' }
  /** Bytes of a head or of a chunked body's line, not yet whole. */
  #pending: Buffer[] = []
  #pendingBytes = 0

  constructor(readonly events: FramerEvents) {}

  /** Why framing stopped, or undefined while it goes on. */
  get stopped(): string | undefined {
    return this.#state.at === 'stopped' ? this.#state.reason : undefined
  }

  /** True between messages (nothing of a next message seen yet). */
  get idle(): boolean {
    return this.#state.at === 'head' && this.#pendingBytes === 0
  }

  /** True while the current message's body runs until the connection closes. */
  get untilClose(): boolean {
    return this.#state.at === 'until-close'
  }

  stop(reason: string): void {
    if (this.#state.at !== 'stopped') this.#state = { at: 'stopped', reason }
    this.#pending = []
    this.#pendingBytes = 0
  }

  /** The connection closed: a body that ran until the close is whole. */
  closed(at: Moment): void {
    if (this.#state.at === 'until-close') {
      this.#state = { at: 'head' }
      this.events.end(at)
    }
  }

  push(chunk: Buffer, at: Moment): void {
    let offset = 0
    while (offset < chunk.length) {
      const state = this.#state
      switch (state.at) {
        case 'stopped':
          return
        case 'until-close':
          this.events.body(offset === 0 ? chunk : chunk.subarray(offset))
          return
        case 'fixed': {
          const take = Math.min(state.left, chunk.length - offset)
          this.events.body(chunk.subarray(offset, offset + take))
          offset += take
          state.left -= take
          if (state.left === 0) this.#finish(at)
          break
        }
        case 'chunk-data': {
          const take = Math.min(state.left, chunk.length - offset)
          this.events.body(chunk.subarray(offset, offset + take))
          offset += take
          state.left -= take
          if (state.left === 0) this.#state = { at: 'chunk-end' }
          break
        }
        case 'head':
        case 'chunk-size':
        case 'chunk-end':
        case 'trailers': {
          const line = this.#line(chunk, offset, state.at === 'head' ? CRLF_CRLF : undefined)
          if (line === undefined) return
          offset = line.next
          this.#onLine(line.bytes, at)
          break
        }
      }
    }
  }

  /** Collects bytes up to a delimiter (CRLF, or CRLFCRLF for a head) across chunks: the bytes before it and where the chunk goes on, or undefined to wait for more. */
  #line(chunk: Buffer, offset: number, delimiter = CRLF): { bytes: Buffer; next: number } | undefined {
    const limit = this.#state.at === 'head' ? MAX_HEAD_BYTES : MAX_CHUNK_LINE_BYTES
    const carried = this.#pendingBytes
    // Bytes kept from earlier chunks come first; the delimiter may straddle them and this chunk.
    const buffer = carried === 0 ? chunk : Buffer.concat([...this.#pending, chunk.subarray(offset)])
    const found = carried === 0 ? chunk.indexOf(delimiter, offset) : buffer.indexOf(delimiter, Math.max(0, carried - delimiter.length + 1))
    const tooLong = (): undefined => {
      this.stop(this.#state.at === 'head' ? `a message head past ${limit} bytes` : 'a chunk-size line too long')
      return undefined
    }
    if (found < 0) {
      const rest = chunk.subarray(offset)
      this.#pending.push(rest)
      this.#pendingBytes += rest.length
      return this.#pendingBytes > limit ? tooLong() : undefined
    }
    const bytes = carried === 0 ? chunk.subarray(offset, found) : buffer.subarray(0, found)
    const next = carried === 0 ? found + delimiter.length : offset + found + delimiter.length - carried
    this.#pending = []
    this.#pendingBytes = 0
    return bytes.length > limit ? tooLong() : { bytes, next }
  }

  #onLine(bytes: Buffer, at: Moment): void {
    const state = this.#state
    if (state.at === 'head') {
      // Empty lines before a message (a CRLF after a body some clients send) are skipped.
      let start = 0
      while (bytes[start] === 13 && bytes[start + 1] === 10) start += 2
      const head = parseHead(start === 0 ? bytes : bytes.subarray(start))
      if (typeof head === 'string') return this.stop(head)
      const framing = this.events.head(head, at)
      switch (framing.kind) {
        case 'stop':
          return this.stop(framing.reason)
        case 'none':
          return this.#finish(at)
        case 'length':
          if (framing.bytes === 0) return this.#finish(at)
          this.#state = { at: 'fixed', left: framing.bytes }
          return
        case 'chunked':
          this.#state = { at: 'chunk-size' }
          return
        case 'close':
          this.#state = { at: 'until-close' }
          return
      }
    }
    if (state.at === 'chunk-size') {
      const text = bytes.toString('latin1')
      const size = text.split(';')[0]!.trim()
      if (!/^[0-9a-fA-F]{1,12}$/.test(size)) return this.stop(`a chunk size that cannot be read: ${JSON.stringify(text.slice(0, 40))}`)
      const left = parseInt(size, 16)
      this.#state = left === 0 ? { at: 'trailers' } : { at: 'chunk-data', left }
      return
    }
    if (state.at === 'chunk-end') {
      if (bytes.length !== 0) return this.stop('chunk data longer than its size')
      this.#state = { at: 'chunk-size' }
      return
    }
    // Trailers: lines until an empty one ends the message.
    if (bytes.length === 0) this.#finish(at)
  }

  #finish(at: Moment): void {
    this.#state = { at: 'head' }
    this.events.end(at)
  }
}
