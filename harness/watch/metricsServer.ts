import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'

/** A running /metrics endpoint. */
export interface MetricsServer {
  /** http://host:port */
  url: string
  close(): Promise<void>
}

/**
 * Serves `registry` at GET /metrics in Prometheus's text exposition format, and GET /healthz with
 * what `health()` says of the long-running command itself (200 when it is working, 503 when not;
 * a JSON body either way). Anything else is 404. Rejects when the port cannot be listened on.
 */
export async function serveMetrics(
  registry: Registry,
  host: string,
  port: number,
  health: () => { ok: boolean; [key: string]: unknown },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    if (path === '/metrics') {
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      )
      return
    }
    if (path === '/healthz') {
      const state = health()
      response.writeHead(state.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(state))
      return
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: /metrics and /healthz are served here\n')
  })
  // A scraper's keep-alive connection must not hold the command open when it stops.
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
