import type { HttpTransport } from '../transport/httpTransport.js'
import type { Exchange } from '../transport/exchange.js'
import type { RestClient } from '../transport/restClient.js'
import type { WsTransport } from '../transport/wsTransport.js'
import type { RecordedExchange } from './recordedExchange.js'
import type { RestRequest } from './restFormat.js'

/** The connections one replayed check uses: the run's HTTP and REST clients, a WebSocket of its own. */
export interface ReplayTargets {
  http: HttpTransport
  rest: RestClient | null
  ws: () => Promise<WsTransport | null>
}

/** Subscription ids the recording got -> the ones the new target answered (eth_unsubscribe names the new one). */
export type SubscriptionIds = Map<string, string>

function mapSubscription(request: unknown, ids: SubscriptionIds): unknown {
  const call = request as { method?: unknown; params?: unknown } | null
  if (call?.method !== 'eth_unsubscribe' || !Array.isArray(call.params)) return request
  return { ...call, params: call.params.map((p) => (typeof p === 'string' ? (ids.get(p) ?? p) : p)) }
}

/**
 * Sends a recorded request again, as it was sent (`l2conf replay`): the same JSON (with its id), raw
 * text with its HTTP method and content type, a REST request with its method, path and query and
 * the probe's headers. Null when it cannot be sent: the transport it needs was not given.
 */
export async function resendExchange(recorded: RecordedExchange, targets: ReplayTargets, ids: SubscriptionIds): Promise<Exchange | null> {
  if (recorded.protocol === 'rest') {
    if (targets.rest === null) return null
    const request = recorded.request as RestRequest
    const [path, query] = request.path.split('?', 2) as [string, string | undefined]
    const base = new URL(targets.rest.baseUrl).pathname.replace(/\/+$/, '')
    const relative = path.startsWith(base) ? path.slice(base.length) : path
    return targets.rest.request(query === undefined ? relative : `${relative}?${query}`, { method: request.method, headers: request.headers })
  }
  if (recorded.transport === 'ws') {
    const ws = await targets.ws()
    if (ws === null) return null
    if (recorded.requestIsRaw === true) return ws.sendRaw(String(recorded.request))
    const exchange = await ws.send(mapSubscription(recorded.request, ids))
    const method = (recorded.request as { method?: unknown } | null)?.method
    const before = (recorded.response as { result?: unknown } | undefined)?.result
    const after = (exchange.response as { result?: unknown } | undefined)?.result
    if (method === 'eth_subscribe' && typeof before === 'string' && typeof after === 'string') ids.set(before, after)
    return exchange
  }
  if (recorded.requestIsRaw === true || recorded.httpMethod !== undefined || recorded.requestHeaders !== undefined) {
    const text = recorded.requestIsRaw === true ? String(recorded.request) : JSON.stringify(recorded.request)
    return targets.http.sendRaw(text, {
      ...(recorded.httpMethod === undefined ? {} : { method: recorded.httpMethod }),
      ...(recorded.requestHeaders?.['content-type'] === undefined ? {} : { contentType: recorded.requestHeaders['content-type'] }),
    })
  }
  return targets.http.send(recorded.request)
}
