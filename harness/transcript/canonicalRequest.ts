import type { RecordedExchange } from './recordedExchange.js'
import type { RestRequest } from './restFormat.js'

/** What the matching keeps of a JSON-RPC id: its JSON type only (a transport numbers its calls, and the numbers move with concurrency). */
function idType(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, 'id')) return ''
  const id = (value as { id: unknown }).id
  return id === null ? 'null' : typeof id
}

function withoutId(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, 'id')) return value
  const { id: _id, ...rest } = value as Record<string, unknown>
  return { ...rest, '#id': idType(value) }
}

/**
 * The canonical form of a request, as transcript replay matches it (ARCHITECTURE.md, transcripts):
 * JSON-RPC by transport, method and params (a batch item by item), ids by their JSON type only;
 * raw text as sent, with the HTTP method and content type of the probe; REST by method, path with
 * query, and the probe's own headers.
 */
export function canonicalRequest(
  exchange: Pick<RecordedExchange, 'transport' | 'protocol' | 'request' | 'requestIsRaw' | 'httpMethod' | 'requestHeaders'>,
): string {
  if (exchange.protocol === 'rest') {
    const request = exchange.request as RestRequest
    const headers = Object.entries(request.headers ?? {})
      .map(([n, v]) => `${n.toLowerCase()}: ${v}`)
      .sort()
    // A secret in the base path is masked in the recording ([REDACTED]) and in the address check runs with (***).
    const path = String(request.path).replace(/\[REDACTED\]|%5BREDACTED%5D|\*\*\*/g, '*')
    return `rest ${request.method} ${path} ${JSON.stringify(headers)}`
  }
  const how = `${exchange.transport} ${exchange.httpMethod ?? ''} ${exchange.requestHeaders?.['content-type'] ?? ''}`
  if (exchange.requestIsRaw === true) return `${how} raw ${String(exchange.request)}`
  const request = Array.isArray(exchange.request) ? exchange.request.map(withoutId) : withoutId(exchange.request)
  return `${how} ${JSON.stringify(request)}`
}

/** The REST form of a live request record `{ method, url, headers }`: the path and query of the URL. */
export function restRequestOf(request: { method?: unknown; url?: unknown; headers?: unknown }): RestRequest {
  let path = String(request.url)
  try {
    const parsed = new URL(String(request.url))
    path = `${parsed.pathname}${parsed.search}`
  } catch {
    // not a URL: kept as it is
  }
  return { method: typeof request.method === 'string' ? request.method : 'GET', path, headers: { ...(request.headers as Record<string, string> | undefined) } }
}

/**
 * The recorded response with its ids moved to the new request's: where it echoed the recorded
 * request's id, it echoes the new one; a numeric id off by some amount stays off by that amount
 * (a node that answers the wrong id still does). A batch maps item by item.
 */
export function rewriteIds(recordedRequest: unknown, newRequest: unknown, response: unknown): unknown {
  const pairs = new Map<string, unknown>()
  const numeric: Array<[number, number]> = []
  const pair = (recorded: unknown, fresh: unknown): void => {
    if (recorded === null || typeof recorded !== 'object' || fresh === null || typeof fresh !== 'object') return
    if (!Object.hasOwn(recorded, 'id') || !Object.hasOwn(fresh, 'id')) return
    const a = (recorded as { id: unknown }).id
    const b = (fresh as { id: unknown }).id
    pairs.set(JSON.stringify(a), b)
    if (typeof a === 'number' && typeof b === 'number') numeric.push([a, b])
  }
  if (Array.isArray(recordedRequest) && Array.isArray(newRequest)) recordedRequest.forEach((item, i) => pair(item, newRequest[i]))
  else pair(recordedRequest, newRequest)
  if (pairs.size === 0) return response
  const move = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || !Object.hasOwn(item, 'id')) return item
    const id = (item as { id: unknown }).id
    const key = JSON.stringify(id)
    if (pairs.has(key)) return { ...item, id: pairs.get(key) }
    // A wrong numeric id (off by one): kept as wrong, relative to the new id.
    if (typeof id === 'number' && numeric.length === 1) return { ...item, id: id + numeric[0]![1] - numeric[0]![0] }
    return item
  }
  return Array.isArray(response) ? response.map(move) : move(response)
}
