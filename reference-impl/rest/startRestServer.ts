import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { gracefulClose } from '../server/gracefulClose.js'
import { authority, listen } from '../server/listen.js'
import type { TlsMaterial } from '../server/loadTlsMaterial.js'
import { BadRequestError } from './badRequestError.js'
import { createNodeClient, UpstreamError } from './nodeClient.js'
import { ALLOWED_METHODS, sendError, sendJson, sendPreflight } from './restResponse.js'
import { restRoutes } from './restRoutes.js'
import { loadTreasuryConfig, type TreasuryConfig } from './treasuryConfig.js'
import { createTreasuryReader } from './treasuryReader.js'

export interface RestServerOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** Port; 0 picks a free one. */
  port: number
  /** The node's JSON-RPC URL (http:// or https://) the service reads balances from. */
  rpcUrl: string
  /** For an https:// rpcUrl: the certificate the node serves, pinned (the service trusts nothing else there). */
  rpcCertificate?: string
  /** Serve HTTPS instead of HTTP. */
  tls?: TlsMaterial
  /** Default: the bundled treasury.config.json. */
  config?: TreasuryConfig
  /** Bound on each exchange with the node; past it the answer is 503. Default 5000 ms. */
  upstreamTimeoutMs?: number
  log?: (message: string) => void
}

export interface RestServer {
  host: string
  port: number
  /** The API's base URL, `/api` included: http://host:port/api (https:// with TLS). */
  url: string
  close(): Promise<void>
}

/** Where the API lives on the server. */
const BASE = '/api'

/**
 * The treasury REST API of openapi.yaml: five GET paths under /api, read from the node over
 * JSON-RPC. Unknown paths 404, other methods 405, unknown query parameters 400, the node failing
 * 502 (unreachable or a bad answer) or 503 (no answer in time), any other failure 500; every error
 * with the `Error` body and no internals.
 */
export async function startRestServer(options: RestServerOptions): Promise<RestServer> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? ((message: string) => console.error(message))
  const config = options.config ?? loadTreasuryConfig()
  const client = createNodeClient(options.rpcUrl, {
    timeoutMs: options.upstreamTimeoutMs ?? 5_000,
    ...(options.rpcCertificate === undefined ? {} : { pinnedCertificate: options.rpcCertificate }),
  })
  const routes = restRoutes(config, createTreasuryReader(client, config))

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headOnly = request.method === 'HEAD'
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://localhost')
    } catch {
      sendError(response, 400, 'BAD_REQUEST', 'malformed request target', headOnly)
      return
    }
    const route = url.pathname.startsWith(`${BASE}/`) ? routes.get(url.pathname.slice(BASE.length)) : undefined
    if (route === undefined) {
      sendError(response, 404, 'NOT_FOUND', `no such path: ${url.pathname.slice(0, 200)}`, headOnly)
      return
    }
    if (request.method === 'OPTIONS') {
      sendPreflight(response)
      return
    }
    if (request.method !== 'GET' && !headOnly) {
      sendError(response, 405, 'METHOD_NOT_ALLOWED', `method ${String(request.method).slice(0, 20)} not allowed (allowed: ${ALLOWED_METHODS})`, false, {
        allow: ALLOWED_METHODS,
      })
      return
    }
    for (const name of new Set(url.searchParams.keys())) {
      if (!route.params.has(name)) {
        sendError(response, 400, 'BAD_REQUEST', `unknown query parameter: ${name.slice(0, 64)}`, headOnly)
        return
      }
    }
    try {
      sendJson(response, await route.answer(url.searchParams), headOnly)
    } catch (error) {
      if (error instanceof BadRequestError) {
        sendError(response, 400, 'BAD_REQUEST', error.message, headOnly)
      } else if (error instanceof UpstreamError) {
        log(`rest: ${url.pathname}: ${error.message}`)
        if (error.failure === 'timeout')
          sendError(response, 503, 'UPSTREAM_UNAVAILABLE', 'the node is unavailable: no answer in time', headOnly, { 'retry-after': '5' })
        else if (error.failure === 'unreachable') sendError(response, 502, 'UPSTREAM_UNAVAILABLE', 'the node cannot be reached', headOnly)
        else sendError(response, 502, 'UPSTREAM_UNAVAILABLE', 'the node answered badly', headOnly)
      } else {
        log(`rest: ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
        sendError(response, 500, 'INTERNAL_ERROR', 'internal error', headOnly)
      }
    }
  }

  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      log(`rest: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!response.headersSent) sendError(response, 500, 'INTERNAL_ERROR', 'internal error', request.method === 'HEAD')
      else response.destroy()
    })
  }
  const serverOptions = { keepAliveTimeout: 30_000, headersTimeout: 35_000 }
  const server =
    options.tls === undefined
      ? createServer(serverOptions, onRequest)
      : createTlsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }, onRequest)
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    else socket.destroy()
  })
  const closeHttp = gracefulClose(server)
  let port: number
  try {
    port = await listen(server, host, options.port)
  } catch (error) {
    await client.close()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    host,
    port,
    url: `${options.tls === undefined ? 'http' : 'https'}://${authority(host, port)}${BASE}`,
    close() {
      closing ??= (async () => {
        await closeHttp()
        await client.close()
      })()
      return closing
    },
  }
}
