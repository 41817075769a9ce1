import type { Exchange } from '../transport/exchange.js'
import { keptHeader, type RecordedExchange } from './recordedExchange.js'
import type { RestRequest } from './restFormat.js'

/** The path and query of a REST exchange's address (the base address is the manifest's). */
function restPath(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return url
  }
}

/** An exchange as a transcript keeps it: no target address, only the headers that matter (keptHeader). */
export function toRecorded(exchange: Exchange): RecordedExchange {
  let request = exchange.request
  if (exchange.protocol === 'rest') {
    const live = exchange.request as { method?: unknown; url?: unknown; headers?: unknown }
    request = {
      method: typeof live.method === 'string' ? live.method : 'GET',
      path: restPath(typeof live.url === 'string' ? live.url : exchange.url),
      headers: { ...(live.headers as Record<string, string> | undefined) },
    } satisfies RestRequest
  }
  const recorded: RecordedExchange = {
    kind: 'exchange',
    transport: exchange.transport,
    request,
    durationMs: exchange.durationMs,
    at: exchange.startedAt,
    line: 0,
  }
  if (exchange.protocol !== undefined) recorded.protocol = exchange.protocol
  if (exchange.requestIsRaw === true) recorded.requestIsRaw = true
  if (exchange.httpMethod !== undefined) recorded.httpMethod = exchange.httpMethod
  if (exchange.requestHeaders !== undefined) recorded.requestHeaders = exchange.requestHeaders
  if (exchange.response !== undefined) recorded.response = exchange.response
  if (exchange.rawResponse !== undefined) recorded.rawResponse = exchange.rawResponse
  if (exchange.httpStatus !== undefined) recorded.httpStatus = exchange.httpStatus
  if (exchange.headers !== undefined) {
    const kept = Object.entries(exchange.headers).filter(([name]) => keptHeader(name))
    if (kept.length > 0) recorded.headers = Object.fromEntries(kept)
  }
  if (exchange.failure !== undefined) recorded.failure = { ...exchange.failure }
  if (exchange.responseBytes !== undefined) recorded.responseBytes = exchange.responseBytes
  if (exchange.attempts !== undefined) recorded.attempts = exchange.attempts
  if (exchange.strayFrames !== undefined) recorded.strayFrames = exchange.strayFrames
  return recorded
}
