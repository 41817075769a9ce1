import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { errorText } from '../checks/outcomeOf.js'

/**
 * Headers that belong to one hop (RFC 9110 section 7.6.1), never forwarded: each side of the proxy
 * has its own connection. `host` names the upstream (the client named the proxy); `expect` is
 * answered by the proxy's own server.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'expect'])

/** The end-to-end headers of a message: hop-by-hop ones and those its Connection header names left out. */
export function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  )
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (value === undefined || HOP_BY_HOP.has(lower) || named.has(lower)) continue
    out[lower] = value
  }
  return out
}

/** Bytes received in chunks, kept up to a bound: `bytes` counts them all, `kept` is null once they passed it. */
export class Capture {
  readonly #chunks: Buffer[] = []
  bytes = 0
  #over = false
  constructor(readonly limit: number) {}

  add(chunk: Buffer): void {
    this.bytes += chunk.length
    if (this.#over) return
    if (this.bytes > this.limit) {
      this.#over = true
      this.#chunks.length = 0
      return
    }
    this.#chunks.push(chunk)
  }

  get kept(): Buffer | null {
    return this.#over ? null : Buffer.concat(this.#chunks)
  }
}

/** One HTTP request forwarded: what went each way, as far as the judges need it. */
export interface ForwardedHttp {
  method: string
  /** The request body up to the capture bound; null past it. */
  requestBody: Buffer | null
  requestBytes: number
  requestHeaders: IncomingHttpHeaders
  /** The upstream's status; undefined when it never answered (the client got a 502). */
  status: number | undefined
  /** The upstream's response headers, lower-case names. */
  headers: Record<string, string>
  /** The response body up to the capture bound; null past it (forwarded whole all the same). */
  responseBody: Buffer | null
  responseBytes: number
  /** Set when the upstream could not be reached, or the answer broke off mid-way (the client's connection is then cut too). */
  failure?: { code: 'L2CONF_ERR_UNREACHABLE' | 'L2CONF_ERR_CLOSED'; message: string }
  /** The client went away before the answer was whole. */
  clientGone: boolean
  startedAt: number
  durationMs: number
}

/** The first value of each header, for the judges (content type and the like). */
function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  return out
}

/** The upstream address of a request: the upstream's own path, then the request's path past the proxy's root, and its query. */
export function upstreamPath(upstream: URL, requestUrl: string): string {
  const url = new URL(requestUrl, 'http://proxy')
  const base = upstream.pathname.replace(/\/$/, '')
  const rest = url.pathname === '/' ? '' : url.pathname
  const path = `${base}${rest}` || '/'
  const query = [upstream.search.replace(/^\?/, ''), url.search.replace(/^\?/, '')].filter((q) => q !== '').join('&')
  return query === '' ? path : `${path}?${query}`
}

/** An answer up to this size is sent to the client whole, once it has all come; a larger one is relayed as it streams. */
const HELD_BYTES = 64 * 1024

/** A request body of known size up to this is held whole before it goes on (the most one request in flight holds); a larger one streams. */
export const WHOLE_BODY_BYTES = 64 * 1024 * 1024

/**
 * Errors that mean the upstream could not be reached at all (the client gets a 502). Any other error
 * before an answer is the upstream closing a connection it had accepted (as a node does to a body past
 * its limit): the client's connection is cut too, as it would have been directly.
 */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])

/** Reads a request body of known, small size whole. */
function readWhole(request: IncomingMessage, sent: Capture): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => {
      sent.add(chunk)
      chunks.push(chunk)
    })
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
    request.once('error', reject)
  })
}

/**
 * Forwards one HTTP request to `upstream` and its answer back, byte for byte (the proxy never
 * changes what either side sends): the method, path, end-to-end headers and body bytes up; the
 * status (and its reason phrase), end-to-end headers and body bytes down, the answer relayed chunk
 * by chunk as it comes (with back-pressure), so a huge answer is never held whole. Each body is kept
 * up to `captureBytes` for the judges. An upstream that cannot be reached gets the client a 502; an
 * answer that breaks off cuts the client's connection too. `extraHeaders` (--header) are added to
 * the upstream request only.
 */
export async function forwardHttp(
  request: IncomingMessage,
  response: ServerResponse,
  options: { upstream: URL; origin: string; dispatcher: Dispatcher; captureBytes: number; extraHeaders: Record<string, string> },
): Promise<ForwardedHttp> {
  const startedAt = Date.now()
  const started = performance.now()
  const method = request.method ?? 'GET'
  const sent = new Capture(options.captureBytes)
  const received = new Capture(options.captureBytes)
  let clientGone = false
  let controller: Dispatcher.DispatchController | undefined
  response.on('close', () => {
    if (!response.writableFinished) {
      clientGone = true
      controller?.abort(new Error('the client went away'))
    }
  })
  const headers = { ...endToEnd(request.headers), ...options.extraHeaders }
  const length = request.headers['content-length']
  const hasBody = length !== undefined ? length !== '0' : request.headers['transfer-encoding'] !== undefined
  async function* streamed(): AsyncGenerator<Buffer> {
    for await (const chunk of request) {
      sent.add(chunk as Buffer)
      yield chunk as Buffer
    }
  }
  let body: Buffer | Readable | null = null
  if (hasBody)
    // A body of known size up to WHOLE_BODY_BYTES is read whole and sent in one write, as a client sends it: a node
    // that answers a body past its limit before reading it (413) is then heard, where a stream is cut off mid-write.
    body = length !== undefined && Number(length) <= WHOLE_BODY_BYTES ? await readWhole(request, sent) : Readable.from(streamed(), { objectMode: false })
  const done = (fields: Partial<ForwardedHttp>): ForwardedHttp => ({
    method,
    requestBody: sent.kept,
    requestBytes: sent.bytes,
    requestHeaders: request.headers,
    status: undefined,
    headers: {},
    responseBody: received.kept,
    responseBytes: received.bytes,
    clientGone,
    startedAt,
    durationMs: performance.now() - started,
    ...fields,
  })
  return new Promise<ForwardedHttp>((resolve) => {
    let status: number | undefined
    let kept: Record<string, string> = {}
    let held: Buffer[] | null = []
    let heldBytes = 0
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(control) {
        controller = control
        if (clientGone) control.abort(new Error('the client went away'))
      },
      onResponseStart(control, statusCode, answerHeaders, statusMessage) {
        status = statusCode
        kept = flat(answerHeaders)
        if (clientGone) return control.abort(new Error('the client went away'))
        const forwarded = endToEnd(answerHeaders)
        if (statusMessage === undefined || statusMessage === '') response.writeHead(statusCode, forwarded)
        else response.writeHead(statusCode, statusMessage, forwarded)
      },
      onResponseData(control, chunk) {
        received.add(chunk)
        if (clientGone) return
        // A small answer goes out in one write with its headers (one system call, not one per chunk); past HELD_BYTES it streams.
        if (held !== null && heldBytes + chunk.length <= HELD_BYTES) {
          held.push(chunk)
          heldBytes += chunk.length
          return
        }
        if (held !== null) {
          for (const part of held) response.write(part)
          held = null
        }
        if (!response.write(chunk)) {
          control.pause()
          response.once('drain', () => control.resume())
        }
      },
      onResponseEnd() {
        if (!clientGone) {
          if (held === null || held.length === 0) response.end()
          else response.end(held.length === 1 ? held[0] : Buffer.concat(held, heldBytes))
        }
        resolve(done({ status, headers: kept }))
      },
      onResponseError(_control, error) {
        // The client left first: nothing to answer, nothing to charge to the upstream.
        if (clientGone) return resolve(done(status === undefined ? {} : { status, headers: kept }))
        if (status === undefined && !UNREACHABLE.has((error as NodeJS.ErrnoException).code ?? '')) {
          response.destroy()
          const message = `the upstream closed the connection before answering: ${errorText(error)}`
          return resolve(done({ failure: { code: 'L2CONF_ERR_CLOSED', message } }))
        }
        if (status === undefined) {
          const message = `the upstream did not answer: ${errorText(error)}`
          if (!response.headersSent) {
            const text = JSON.stringify({ error: `l2conf proxy: ${message}` })
            response.writeHead(502, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(text)
          }
          return resolve(done({ failure: { code: 'L2CONF_ERR_UNREACHABLE', message } }))
        }
        // The answer broke off after it started: the client must see it cut, not a shorter body that looks whole.
        response.destroy()
        resolve(done({ status, headers: kept, failure: { code: 'L2CONF_ERR_CLOSED', message: `the upstream's answer broke off: ${errorText(error)}` } }))
      },
    }
    options.dispatcher.dispatch(
      { origin: options.origin, path: upstreamPath(options.upstream, request.url ?? '/'), method: method as Dispatcher.HttpMethod, headers, body },
      handler,
    )
  })
}
