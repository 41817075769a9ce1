import { HarnessError } from '../errors/harnessError.js'
import type { RecordedExchange, TranscriptEntry, TranscriptFileHeader } from './recordedExchange.js'

/**
 * The JSON-RPC transcript format: the execution-apis `.io` form (`>> request` / `<< response`, one
 * JSON value per line, `//` comments), extended without ambiguity (ARCHITECTURE.md, transcripts):
 * - `// l2conf-check {...}` (first line): the check the file belongs to, its requirement and level;
 * - `// l2conf {...}` before an exchange: its metadata (transport, HTTP status, headers that matter,
 *   time taken, a failure, a request or answer that is not JSON, stated as a JSON string);
 *   `"answered": false` says no `<<` line follows (a failure, or an answer that is not JSON);
 * - a `<<` line that answers no `>>` is a frame the node pushed (a WebSocket notification), in the
 *   order it arrived among the exchanges; `// l2conf {"pushed": true, "at": ms}` before it says when.
 * An execution-apis fixture has none of these: each `>>` is answered by the `<<` after it.
 */
export const IO_META = '// l2conf '
export const IO_HEADER = '// l2conf-check '

type Meta = Omit<RecordedExchange, 'kind' | 'request' | 'response' | 'line'> & { rawRequest?: string; answered?: boolean }

/** The metadata line's object for an exchange (everything but the request and the JSON answer). */
function metaOf(exchange: RecordedExchange): Record<string, unknown> {
  const meta: Record<string, unknown> = { transport: exchange.transport, ms: Math.round(exchange.durationMs * 10) / 10 }
  if (exchange.at !== undefined) meta.at = exchange.at
  if (exchange.httpStatus !== undefined) meta.status = exchange.httpStatus
  if (exchange.headers !== undefined && Object.keys(exchange.headers).length > 0) meta.headers = exchange.headers
  if (exchange.httpMethod !== undefined) meta.httpMethod = exchange.httpMethod
  if (exchange.requestHeaders !== undefined) meta.requestHeaders = exchange.requestHeaders
  if (exchange.requestIsRaw === true) meta.rawRequest = String(exchange.request)
  if (exchange.failure !== undefined) meta.failure = exchange.failure
  if (exchange.rawResponse !== undefined) meta.rawResponse = exchange.rawResponse
  if (exchange.responseBytes !== undefined) meta.bytes = exchange.responseBytes
  if (exchange.attempts !== undefined) meta.attempts = exchange.attempts
  if (exchange.strayFrames !== undefined) meta.strayFrames = exchange.strayFrames
  if (exchange.response === undefined) meta.answered = false
  return meta
}

/** The lines of one JSON-RPC exchange in `.io` form. */
export function ioExchangeLines(exchange: RecordedExchange): string[] {
  const lines = [`${IO_META}${JSON.stringify(metaOf(exchange))}`]
  if (exchange.requestIsRaw !== true) lines.push(`>> ${JSON.stringify(exchange.request) ?? 'null'}`)
  if (exchange.response !== undefined) lines.push(`<< ${JSON.stringify(exchange.response)}`)
  return lines
}

/** The lines of a pushed frame (a notification): when it arrived (`"pushed": true`), then the frame. */
export function ioNotificationLines(message: unknown, at: number): string[] {
  return [`${IO_META}${JSON.stringify({ pushed: true, at })}`, `<< ${JSON.stringify(message)}`]
}

export function ioHeaderLine(header: TranscriptFileHeader): string {
  return `${IO_HEADER}${JSON.stringify(header)}`
}

/** A usage error (exit 2) naming the file and line at fault. */
export function corrupt(path: string, line: number, what: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', `${path}:${line}: ${what}`)
}

function parseJson(path: string, line: number, text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw corrupt(path, line, `${what} is not JSON (${(error as Error).message})`)
  }
}

function metaFrom(path: string, line: number, text: string): Meta {
  const value = parseJson(path, line, text, 'the l2conf metadata')
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw corrupt(path, line, 'the l2conf metadata is not a JSON object')
  const meta = value as Record<string, unknown>
  if (meta.transport !== undefined && meta.transport !== 'http' && meta.transport !== 'ws')
    throw corrupt(path, line, `transport is ${JSON.stringify(meta.transport)}, not "http" or "ws"`)
  if (meta.ms !== undefined && typeof meta.ms !== 'number') throw corrupt(path, line, 'ms is not a number')
  if (meta.status !== undefined && typeof meta.status !== 'number') throw corrupt(path, line, 'status is not a number')
  if (meta.rawRequest !== undefined && typeof meta.rawRequest !== 'string') throw corrupt(path, line, 'rawRequest is not a string')
  if (meta.rawResponse !== undefined && typeof meta.rawResponse !== 'string') throw corrupt(path, line, 'rawResponse is not a string')
  const failure = meta.failure as { code?: unknown; message?: unknown } | undefined
  if (failure !== undefined && (failure === null || typeof failure.code !== 'string' || typeof failure.message !== 'string'))
    throw corrupt(path, line, 'failure must be {"code", "message"} strings')
  return {
    transport: (meta.transport as 'http' | 'ws' | undefined) ?? 'http',
    durationMs: (meta.ms as number | undefined) ?? 0,
    ...(typeof meta.at === 'number' ? { at: meta.at } : {}),
    ...(meta.status !== undefined ? { httpStatus: meta.status as number } : {}),
    ...(isStringMap(meta.headers) ? { headers: meta.headers } : {}),
    ...(typeof meta.httpMethod === 'string' ? { httpMethod: meta.httpMethod } : {}),
    ...(isStringMap(meta.requestHeaders) ? { requestHeaders: meta.requestHeaders } : {}),
    ...(meta.rawRequest !== undefined ? { rawRequest: meta.rawRequest as string } : {}),
    ...(failure !== undefined ? { failure: failure as RecordedExchange['failure'] & object } : {}),
    ...(meta.rawResponse !== undefined ? { rawResponse: meta.rawResponse as string } : {}),
    ...(typeof meta.bytes === 'number' ? { responseBytes: meta.bytes } : {}),
    ...(typeof meta.attempts === 'number' ? { attempts: meta.attempts } : {}),
    ...(isStrays(meta.strayFrames) ? { strayFrames: meta.strayFrames } : {}),
    answered: meta.answered !== false,
  }
}

function isStringMap(value: unknown): value is Record<string, string> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')
}

function isStrays(value: unknown): value is { count: number; samples: string[] } {
  const v = value as { count?: unknown; samples?: unknown } | null | undefined
  return v !== null && typeof v === 'object' && typeof v.count === 'number' && Array.isArray(v.samples)
}

/** A parsed `.io` file: its header line (our transcripts), its entries and its other comment lines. */
export interface ParsedIo {
  header: TranscriptFileHeader | null
  entries: TranscriptEntry[]
  comments: string[]
}

/**
 * Reads a `.io` file as written by `--record` or by the execution-apis project. Throws a usage error
 * naming the file and line for anything else: a line that is neither a comment, `>>` nor `<<`, JSON
 * that does not parse, a `<<` that answers nothing and is not a notification.
 */
export function parseIo(path: string, text: string): ParsedIo {
  const result: ParsedIo = { header: null, entries: [], comments: [] }
  let meta: (Meta & { line: number }) | null = null
  /** The exchange whose `<<` may come next. */
  let awaiting: RecordedExchange | null = null
  /** Metadata of a pushed frame, whose `<<` comes next. */
  let pushed: { at: number | undefined; line: number } | null = null
  const lines = text.split(/\r?\n/)
  const flushRaw = (): void => {
    // Metadata of an exchange whose request was raw text: it is complete without a `>>` line.
    if (meta === null) return
    if (meta.rawRequest === undefined) throw corrupt(path, meta.line, 'l2conf metadata with no ">>" request after it')
    const { rawRequest, answered, line, ...rest } = meta
    const exchange: RecordedExchange = { kind: 'exchange', ...rest, request: rawRequest, requestIsRaw: true, line }
    result.entries.push(exchange)
    awaiting = answered ? exchange : null
    meta = null
  }
  lines.forEach((raw, index) => {
    const lineNo = index + 1
    const line = raw.trimEnd()
    if (line.trim() === '') return
    if (line.startsWith(IO_HEADER)) {
      const header = parseJson(path, lineNo, line.slice(IO_HEADER.length), 'the l2conf-check header') as TranscriptFileHeader | null
      if (header === null || typeof header !== 'object' || typeof header.check !== 'string')
        throw corrupt(path, lineNo, 'the l2conf-check header must be an object with a "check" id')
      result.header = header
      return
    }
    if (line.startsWith(IO_META.trimEnd()) && (line.length === IO_META.length - 1 || line[IO_META.length - 1] === ' ')) {
      flushRaw()
      awaiting = null
      const text = line.slice(IO_META.length)
      const pushedAt = pushedMeta(path, lineNo, text)
      if (pushedAt !== null) {
        pushed = { at: pushedAt, line: lineNo }
        return
      }
      meta = { ...metaFrom(path, lineNo, text), line: lineNo }
      return
    }
    if (line.startsWith('//')) {
      result.comments.push(line.slice(2).trim())
      return
    }
    if (line.startsWith('>>')) {
      if (pushed !== null) throw corrupt(path, lineNo, 'a ">>" line after metadata that says a pushed frame ("<<") follows')
      const request = parseJson(path, lineNo, line.slice(2).trim(), 'the request')
      const current: (Meta & { line: number }) | null = meta
      meta = null
      if (current?.rawRequest !== undefined) throw corrupt(path, lineNo, 'a ">>" line after metadata that says the request was raw text')
      const { answered = true, line: _metaLine, rawRequest: _raw, ...rest } = current ?? { transport: 'http' as const, durationMs: 0, line: lineNo }
      const exchange: RecordedExchange = { kind: 'exchange', ...rest, request, line: current?.line ?? lineNo }
      result.entries.push(exchange)
      awaiting = answered ? exchange : null
      return
    }
    if (line.startsWith('<<')) {
      flushRaw()
      const value = parseJson(path, lineNo, line.slice(2).trim(), 'the response')
      if (pushed !== null) {
        if (!isNotification(value)) throw corrupt(path, lineNo, 'a pushed frame must be a notification (an object with a "method" and no "id")')
        result.entries.push({ kind: 'notification', message: value, ...(pushed.at === undefined ? {} : { at: pushed.at }), line: lineNo })
        pushed = null
        return
      }
      if (awaiting !== null) {
        awaiting.response = value
        awaiting = null
        return
      }
      if (!isNotification(value))
        throw corrupt(path, lineNo, 'a "<<" line that answers no ">>" request and is not a notification (an object with a "method" and no "id")')
      result.entries.push({ kind: 'notification', message: value, line: lineNo })
      return
    }
    throw corrupt(path, lineNo, `not a transcript line (expected "//", ">>" or "<<"): ${line.slice(0, 60)}`)
  })
  flushRaw()
  const unfinished = pushed as { line: number } | null
  if (unfinished !== null) throw corrupt(path, unfinished.line, 'metadata of a pushed frame with no "<<" after it')
  return result
}

/** The arrival time of a pushed frame's metadata (`{"pushed": true, "at": ms}`), undefined without a time; null when the metadata is an exchange's. */
function pushedMeta(path: string, line: number, text: string): number | undefined | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const meta = value as { pushed?: unknown; at?: unknown } | null
  if (meta === null || typeof meta !== 'object' || meta.pushed !== true) return null
  if (meta.at !== undefined && typeof meta.at !== 'number') throw corrupt(path, line, 'at is not a number')
  return meta.at as number | undefined
}

function isNotification(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { method?: unknown }).method === 'string' &&
    !Object.hasOwn(value, 'id')
  )
}
