import { keptHeader } from '../transcript/recordedExchange.js'
import type { Exchange } from '../transport/exchange.js'
import type { ForwardedHttp } from './forwardHttp.js'

/** How much of a body that is not JSON an exchange keeps (the judges quote its start). */
const RAW_CHARS = 2048

/** A body as the judges read it: its JSON value, or (not JSON) its text, cut to a readable length. */
export function readBody(bytes: Buffer): { value: unknown } | { raw: string } {
  const text = bytes.toString('utf8')
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return { raw: text.length > RAW_CHARS ? `${text.slice(0, RAW_CHARS)}…` : text }
  }
}

/** The headers a judge reads (keptHeader: content type, rate limiting...), never the others. */
function keptHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keptHeader(name)))
}

/**
 * A forwarded HTTP exchange as the suite's judges take it (harness/transport/exchange.ts): the
 * request and answer read as JSON (or kept as text), the status and the headers that matter. `url`
 * is the upstream, masked. Null when there is nothing to judge: a body past the judging bound, an
 * answer that broke off, a client gone (the reason says which).
 */
export function rpcExchange(forwarded: ForwardedHttp, url: string): { exchange: Exchange } | { unjudged: string } {
  if (forwarded.requestBody === null) return { unjudged: `a request of ${forwarded.requestBytes} bytes, past the judging bound` }
  if (forwarded.clientGone) return { unjudged: 'the client went away before the answer was whole' }
  const request = readBody(forwarded.requestBody)
  const exchange: Exchange = {
    transport: 'http',
    url,
    request: 'value' in request ? request.value : request.raw,
    startedAt: forwarded.startedAt,
    durationMs: forwarded.durationMs,
  }
  if ('raw' in request) exchange.requestIsRaw = true
  return withAnswer(exchange, forwarded)
}

/** A forwarded REST exchange (protocol 'rest'): `{ method, url }` as the REST client records its requests, the client's headers left out. */
export function restExchange(forwarded: ForwardedHttp, url: string): { exchange: Exchange } | { unjudged: string } {
  if (forwarded.clientGone) return { unjudged: 'the client went away before the answer was whole' }
  const exchange: Exchange = {
    transport: 'http',
    protocol: 'rest',
    url,
    request: { method: forwarded.method, url, headers: {} },
    startedAt: forwarded.startedAt,
    durationMs: forwarded.durationMs,
  }
  return withAnswer(exchange, forwarded)
}

function withAnswer(exchange: Exchange, forwarded: ForwardedHttp): { exchange: Exchange } | { unjudged: string } {
  if (forwarded.failure !== undefined) {
    exchange.failure = forwarded.failure
    if (forwarded.status !== undefined) exchange.httpStatus = forwarded.status
    return { exchange }
  }
  if (forwarded.responseBody === null) return { unjudged: `an answer of ${forwarded.responseBytes} bytes, past the judging bound` }
  exchange.httpStatus = forwarded.status!
  exchange.headers = keptHeaders(forwarded.headers)
  exchange.responseBytes = forwarded.responseBytes
  const answer = readBody(forwarded.responseBody)
  if ('value' in answer) exchange.response = answer.value
  else exchange.rawResponse = answer.raw
  return { exchange }
}
