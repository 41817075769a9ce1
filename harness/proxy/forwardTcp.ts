import { connect, createServer, isIP, type Server, type Socket } from 'node:net'
import { ConnectionTap, type TapEvents } from './connectionTap.js'
import { MAX_HEAD_BYTES, parseHead } from './httpFramer.js'

const CRLF_CRLF = Buffer.from('\r\n\r\n')

/**
 * Why JSON-RPC over HTTP to `upstream` cannot be forwarded at the TCP level (bytes unchanged), or
 * undefined when it can: anything to rewrite in a request (--header to add, an upstream path or
 * query to put in front of the client's, credentials in the address), TLS, or an upstream that may
 * be virtual-hosted (a name other than localhost: the client's Host header names the proxy, and
 * such an upstream routes on it).
 */
export function tcpForwardingRefused(upstream: URL, extraHeaders: Record<string, string>): string | undefined {
  if (upstream.protocol !== 'http:') return `the upstream is ${upstream.protocol.replace(/:$/, '')}, not plain HTTP`
  if (Object.keys(extraHeaders).length > 0) return '--header adds to each request'
  if (upstream.pathname !== '/' || upstream.search !== '') return "the upstream's path or query goes in front of each request's"
  if (upstream.username !== '' || upstream.password !== '') return "the upstream's address carries credentials"
  const host = upstream.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) === 0 && host !== 'localhost') return `the upstream's host ${host} may route on the Host header, which names the proxy`
  return undefined
}

/**
 * Where a connection goes, by its first request head: 'http' for what the proxy serves at the HTTP
 * level (its own admin path, a WebSocket upgrade, a head it cannot read: the HTTP server answers it
 * as before), else 'tcp'.
 */
export function firstRequestRoute(head: Buffer, httpPaths: ReadonlySet<string>): 'tcp' | 'http' {
  const parsed = parseHead(head)
  if (typeof parsed === 'string' || !parsed.start[2].startsWith('HTTP/1.')) return 'http'
  if (parsed.headers.upgrade !== undefined) return 'http'
  const target = parsed.start[1]
  const path = target.startsWith('/') ? target.split('?')[0]! : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('?')[0]!
  return httpPaths.has(path) ? 'http' : 'tcp'
}

export interface TcpForwardingOptions {
  upstream: { host: string; port: number }
  /** Paths whose first request on a connection is served at the HTTP level (the admin path). */
  httpPaths: ReadonlySet<string>
  /** Serves a connection at the HTTP level: the socket, and what was already read from it. */
  handOver(socket: Socket, read: Buffer): void
  /** Each connection's tap reports here. */
  tap: TapEvents
  captureBytes: number
}

/**
 * The proxy's JSON-RPC port when forwarding at the TCP level (ARCHITECTURE.md, the proxy): each
 * client connection gets one upstream connection, and the bytes go both ways unchanged as they come
 * (keep-alive, pipelining, half-closes and resets as the two ends make them), with back-pressure; a
 * ConnectionTap frames a copy of them for the judges. The first request head is read before
 * anything goes on, to hand the connection to the HTTP level when it asks for the admin path or an
 * upgrade, or when the upstream cannot be reached (the HTTP level answers 502 and records it).
 */
export function createTcpForwarder(options: TcpForwardingOptions): { server: Server; sockets: Set<Socket> } {
  const sockets = new Set<Socket>()
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    const upstream = connect({ host: options.upstream.host, port: options.upstream.port, allowHalfOpen: true, noDelay: true })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    let reached: boolean | undefined
    let route: 'tcp' | 'http' | undefined
    const read: Buffer[] = []
    let readBytes = 0
    let ended = false
    // A client that leaves before its first head is whole: nothing to forward. One that half-closes after it is relayed as it came.
    const onEnd = (): void => {
      ended = true
      if (route !== undefined) return
      client.destroy()
      upstream.destroy()
    }
    client.once('close', () => {
      if (route === undefined || reached === undefined) upstream.destroy()
    })
    const handOver = (): void => {
      client.off('data', onFirstData)
      client.off('end', onEnd)
      upstream.destroy()
      options.handOver(client, Buffer.concat(read, readBytes))
    }
    const decide = (): void => {
      if (route === 'http' || (route === 'tcp' && reached === false)) return handOver()
      if (route !== 'tcp' || reached !== true) return
      client.off('data', onFirstData)
      client.off('end', onEnd)
      relay(client, upstream, Buffer.concat(read, readBytes), ended, options)
    }
    upstream.once('connect', () => {
      reached = true
      decide()
    })
    upstream.on('error', () => {
      if (reached === undefined) {
        reached = false
        decide()
      }
    })
    const onFirstData = (chunk: Buffer): void => {
      read.push(chunk)
      readBytes += chunk.length
      if (route !== undefined) return
      const joined = read.length === 1 ? chunk : Buffer.concat(read, readBytes)
      const end = joined.indexOf(CRLF_CRLF)
      if (end < 0 && readBytes <= MAX_HEAD_BYTES) return
      route = end < 0 ? 'http' : firstRequestRoute(joined.subarray(0, end), options.httpPaths)
      decide()
    }
    client.on('data', onFirstData)
    client.on('end', onEnd)
  })
  return { server, sockets }
}

/**
 * Where in `chunk` a request for one of `marks` (' /path') may start, by its request line alone (a
 * method token right before the path, a space or query after it), or undefined. The tap then says
 * whether that is truly between two requests.
 */
function requestLineAt(chunk: Buffer, marks: readonly Buffer[]): number | undefined {
  for (const mark of marks) {
    const at = chunk.indexOf(mark)
    if (at < 0) continue
    const after = chunk[at + mark.length]
    if (after !== undefined && after !== 0x20 && after !== 0x3f) continue
    // The method token right before it (a pipelined request follows the last body with no line break).
    let start = at
    while (start > 0 && chunk[start - 1]! >= 0x41 && chunk[start - 1]! <= 0x5a) start--
    if (at - start >= 3) return start
  }
  return undefined
}

/**
 * Bytes both ways unchanged, with back-pressure, each copy handed to the connection's tap after it
 * went on. A request for an HTTP-level path later on the connection (the admin path on a keep-alive
 * connection) is held back until every request before it was answered, and the connection is then
 * handed to the HTTP level from that request on.
 */
function relay(client: Socket, upstream: Socket, first: Buffer, ended: boolean, options: TcpForwardingOptions): void {
  const tap = new ConnectionTap(options.tap, options.captureBytes)
  const marks = [...options.httpPaths].map((path) => Buffer.from(` ${path}`))
  let held: Buffer | undefined
  const forward = (chunk: Buffer): void => {
    if (!upstream.write(chunk)) {
      client.pause()
      upstream.once('drain', () => {
        if (held === undefined) client.resume()
      })
    }
    tap.fromClient(chunk)
  }
  const fromClient = (chunk: Buffer): void => {
    const start = requestLineAt(chunk, marks)
    if (start === undefined) return forward(chunk)
    if (start > 0) forward(chunk.subarray(0, start))
    if (!tap.betweenRequests) return forward(chunk.subarray(start))
    held = chunk.subarray(start)
    client.pause()
    handOverWhenAnswered()
  }
  const handOverWhenAnswered = (): void => {
    if (held === undefined || !tap.settled) return
    client.off('data', fromClient)
    client.off('end', onClientEnd)
    client.off('close', onClientClose)
    upstream.off('close', onUpstreamClose)
    upstream.off('end', onUpstreamEnd)
    upstream.destroy()
    options.handOver(client, held)
  }
  const onClientEnd = (): void => {
    tap.closed('client')
    upstream.end()
  }
  const onUpstreamEnd = (): void => {
    tap.closed('upstream')
    client.end()
  }
  const onClientClose = (): void => {
    tap.closed('client')
    upstream.destroy()
  }
  const onUpstreamClose = (): void => {
    tap.closed('upstream')
    // Cut (not ended): the client sees it cut too.
    if (!client.writableEnded) client.destroy()
  }
  fromClient(first)
  if (ended) onClientEnd()
  client.on('data', fromClient)
  upstream.on('data', (chunk: Buffer) => {
    if (!client.write(chunk)) {
      upstream.pause()
      client.once('drain', () => upstream.resume())
    }
    tap.fromUpstream(chunk)
    if (held !== undefined) handOverWhenAnswered()
  })
  // A half-close goes on as it came; a side that is gone takes the other with it (what it still had to send is lost, as it would be directly).
  client.on('end', onClientEnd)
  upstream.on('end', onUpstreamEnd)
  client.on('close', onClientClose)
  if (client.destroyed) upstream.destroy()
  upstream.on('close', onUpstreamClose)
  if (held === undefined) client.resume()
}
