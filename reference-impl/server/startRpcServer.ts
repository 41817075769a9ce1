import { createServer } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { MethodTable } from '../rpc/methodTable.js'
import { createHttpTransport } from './httpTransport.js'
import { gracefulClose } from './gracefulClose.js'
import { createJsonRpcDispatcher } from './jsonRpcDispatcher.js'
import { limits } from './limits.js'
import { authority, listen } from './listen.js'
import type { TlsMaterial } from './loadTlsMaterial.js'
import { clientOf, createRateLimiter, refuseRateLimited } from './rateLimit.js'
import { createSubscriptionHub, type LogFilterMatcher, type SubscriptionHub, type SubscriptionSource } from './subscriptionHub.js'
import { createWsTransport } from './wsTransport.js'

export interface RpcServerOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** Port; 0 picks a free one. */
  port: number
  methods: MethodTable
  /** The node's events; without them eth_subscribe answers "notifications not supported". */
  events?: SubscriptionSource
  /** Decides which logs a `logs` subscription receives; required with `events`. */
  matchesLogFilter?: LogFilterMatcher
  log?: (message: string) => void
  /** Serve HTTPS and WSS instead of HTTP and WS (same port, same behaviour). */
  tls?: TlsMaterial
  maxBodyBytes?: number
  maxBatchItems?: number
  /** What a batch's eth_call / eth_estimateGas items may execute together, in milliseconds. */
  batchExecutionMs?: number
  /** Largest response body (one answer, or a batch's answers together), in bytes. */
  maxResponseBytes?: number
  maxWsPayloadBytes?: number
  maxWsBufferedBytes?: number
  wsPingIntervalMs?: number
  /** At most this many requests a second per client address, over HTTP and WebSocket (default: no limit). */
  rateLimit?: number
}

export interface RpcServer {
  host: string
  port: number
  /** http://host:port (https:// with TLS), for JSON-RPC over HTTP POST. */
  url: string
  /** ws://host:port (wss:// with TLS), for JSON-RPC over WebSocket (the same port). */
  wsUrl: string
  /** Stops listening, closes WebSocket clients (1001) and idle keep-alive connections. */
  close(): Promise<void>
}

/**
 * Serves a method table as JSON-RPC 2.0 over HTTP POST and WebSocket on one port (interface spec
 * 4.1), over TLS (HTTPS, WSS) when `tls` is given. Rejects when the port cannot be bound (the
 * error's `code` says why, e.g. EADDRINUSE).
 */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? ((message: string) => console.error(message))
  const dispatcher = createJsonRpcDispatcher({
    methods: options.methods,
    log,
    maxBatchItems: options.maxBatchItems ?? limits.maxBatchItems,
    batchExecutionMs: options.batchExecutionMs ?? limits.batchExecutionMs,
    maxResponseBytes: options.maxResponseBytes ?? limits.maxResponseBytes,
  })
  let hub: SubscriptionHub | undefined
  if (options.events !== undefined) {
    const matcher: LogFilterMatcher = options.matchesLogFilter ?? (() => true)
    hub = createSubscriptionHub(options.events, matcher, log)
  }
  const rateLimiter = options.rateLimit === undefined ? undefined : createRateLimiter(options.rateLimit)
  const ws = createWsTransport({
    dispatcher,
    log,
    ...(rateLimiter === undefined ? {} : { rateLimiter }),
    ...(hub === undefined ? {} : { hub }),
    maxPayloadBytes: options.maxWsPayloadBytes ?? limits.maxWsPayloadBytes,
    maxBufferedBytes: options.maxWsBufferedBytes ?? limits.maxWsBufferedBytes,
    pingIntervalMs: options.wsPingIntervalMs ?? limits.wsPingIntervalMs,
  })
  const transport = createHttpTransport({ dispatcher, log, maxBodyBytes: options.maxBodyBytes ?? limits.maxBodyBytes })
  // Over the rate limit: 429 before anything else is looked at.
  const limited = (handler: typeof transport.onRequest): typeof transport.onRequest =>
    rateLimiter === undefined
      ? handler
      : (request, response) => {
          const verdict = rateLimiter.take(clientOf(request))
          if (verdict.ok) handler(request, response)
          else refuseRateLimited(response, verdict.retryAfterSeconds)
        }
  const http = { onRequest: limited(transport.onRequest), onCheckContinue: limited(transport.onCheckContinue) }
  const serverOptions = { keepAliveTimeout: limits.httpKeepAliveMs, headersTimeout: limits.httpKeepAliveMs + 5_000 }
  const server =
    options.tls === undefined
      ? createServer(serverOptions, http.onRequest)
      : createTlsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }, http.onRequest)
  server.on('checkContinue', http.onCheckContinue)
  const closeHttp = gracefulClose(server)
  server.on('upgrade', (request, socket, head) => ws.handleUpgrade(request, socket, head))
  // Malformed HTTP (not JSON-RPC at all): a bare 400, never a crash.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    else socket.destroy()
  })
  let port: number
  try {
    port = await listen(server, host, options.port)
  } catch (error) {
    hub?.close()
    await ws.close()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    host,
    port,
    url: `${options.tls === undefined ? 'http' : 'https'}://${authority(host, port)}`,
    wsUrl: `${options.tls === undefined ? 'ws' : 'wss'}://${authority(host, port)}`,
    close() {
      closing ??= (async () => {
        hub?.close()
        await Promise.all([ws.close(), closeHttp()])
      })()
      return closing
    },
  }
}
