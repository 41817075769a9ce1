import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Server as NetServer, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { Agent } from 'undici'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { errorText } from '../checks/outcomeOf.js'
import { createCoverage, type CoverageRecorder } from '../coverage/createCoverage.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { maskUrl } from '../transport/maskUrl.js'
import { endToEnd, forwardHttp, upstreamPath, type ForwardedHttp } from './forwardHttp.js'
import { createTcpForwarder, tcpForwardingRefused } from './forwardTcp.js'
import { createLiveJudge, type LiveJudge } from './liveJudge.js'
import { rpcExchange, restExchange } from './proxiedExchange.js'
import { ProxyTally } from './proxyTally.js'
import { SocketPairing } from './socketPairing.js'

/** Each body (and WebSocket message) is judged up to this many bytes; a larger one is forwarded whole, streamed, and left unjudged (the report says so). */
export const JUDGE_BYTES = 16 * 1024 * 1024
/** The largest WebSocket message the proxy relays (either way), held whole while it arrives: a larger one closes the connection (1009), as a node's own limit would. */
export const MAX_WS_MESSAGE_BYTES = 64 * 1024 * 1024
/** The path the proxy answers itself on its JSON-RPC port, never forwarded: GET writes the report now. */
export const REPORT_PATH = '/.l2conf/report'

export interface ProxyOptions {
  /** JSON-RPC over HTTP, e.g. http://127.0.0.1:8545 */
  upstream: string
  /** JSON-RPC over WebSocket; without it, the proxy refuses WebSocket upgrades. */
  wsUpstream?: string
  /** The REST base, e.g. http://127.0.0.1:3000/api; served on `restPort`. */
  restUpstream?: string
  host?: string
  port: number
  restPort?: number
  specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
  /** --header: added to every request sent upstream (auth the clients do not carry); values never recorded. */
  headers?: Record<string, string>
  judgeBytes?: number
  /** GET REPORT_PATH: writes the report now; its answer is what the client gets. */
  onReportRequest?: () => Promise<{ status: number; body: string }>
  /** 'http' forwards JSON-RPC over HTTP one request at a time at the HTTP level, even where the TCP level would do (--forward http). */
  forwarding?: 'auto' | 'http'
}

/** A proxy listening: its addresses, what it saw so far, and how to stop it. */
export interface RunningProxy {
  /** JSON-RPC over HTTP, to give clients instead of the upstream. */
  rpc: string
  /** The same port for WebSocket (null without --ws-upstream). */
  ws: string | null
  /** The REST base (null without --rest-upstream). */
  rest: string | null
  tally: ProxyTally
  coverage: CoverageRecorder
  /** How JSON-RPC over HTTP is forwarded: 'tcp' (bytes piped per connection, a tap framing them) or 'http', and why not 'tcp'. */
  forwarding: { level: 'tcp' | 'http'; why?: string }
  stop(): Promise<void>
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/** A close code one side may send on (1005, 1006 and 1015 are never sent). */
function sendableCode(code: number): number | undefined {
  return code === 1005 || code === 1006 || code === 1015 || code < 1000 || code >= 5000 ? undefined : code
}

/**
 * Starts `l2conf proxy`'s servers (ARCHITECTURE.md, the proxy): JSON-RPC over HTTP and WebSocket on
 * `port`, REST on `restPort`, each forwarding to its upstream byte for byte, and judging every
 * exchange after it was forwarded (never delaying it) with the suite's judges (liveJudge), counting
 * into a ProxyTally and the spec coverage recorder. Never crashes on what either side sends.
 * @example const proxy = await startProxy({ upstream: 'http://127.0.0.1:8545', port: 0, specs })
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const host = options.host ?? '127.0.0.1'
  const judgeBytes = options.judgeBytes ?? JUDGE_BYTES
  const extraHeaders = options.headers ?? {}
  const upstream = new URL(options.upstream)
  const restUpstream = options.restUpstream === undefined ? undefined : new URL(options.restUpstream)
  // Read once: URL's origin getter builds a new string each call.
  const rpcOrigin = upstream.origin
  const restOrigin = restUpstream?.origin
  const maskedRpc = maskUrl(options.upstream)
  const maskedWs = options.wsUpstream === undefined ? '' : maskUrl(options.wsUpstream)
  const judge: LiveJudge = createLiveJudge(options.specs)
  const tally = new ProxyTally()
  const coverage = createCoverage(options.specs)
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0, connections: null })

  /** Judges after the answer went out, so judging never adds to what a client waits; a judge that throws is said, never fatal. */
  const later = (what: string, work: () => void): void => {
    setImmediate(() => {
      try {
        work()
      } catch (error) {
        tally.noteUnjudged(`${what}: the judges failed: ${errorText(error)}`)
      }
    })
  }
  const secretHeaders = Object.keys(extraHeaders)
  const judged = (exchange: Exchange, transport: 'http' | 'ws' | 'rest', verdict: ReturnType<LiveJudge['rpc']>): void => {
    // The reproduce line names the --header it needs as a placeholder, never its value.
    if (secretHeaders.length > 0) exchange.secretHeaders = secretHeaders
    tally.record(verdict, transport, exchange)
    coverage.observe(exchange)
  }

  /** No answer at all: the upstream unreachable (the client got a 502) or closing the connection first (cut for the client too). */
  const unanswered = (forwarded: ForwardedHttp): boolean => forwarded.failure !== undefined && forwarded.status === undefined

  const onRpcForwarded = (forwarded: ForwardedHttp): void => {
    if (unanswered(forwarded)) {
      tally.count('http')
      return tally.noteUpstreamFailure(`${forwarded.method} JSON-RPC: ${forwarded.failure!.message}`)
    }
    const type = forwarded.requestHeaders['content-type']
    if (forwarded.method !== 'POST' || (type !== undefined && !JSON_TYPE.test(type))) {
      tally.count('http')
      return tally.noteNotRpc(`${forwarded.method}${type === undefined ? '' : ` (content type ${type})`}, answered HTTP ${forwarded.status ?? '?'}`)
    }
    // A node's limits (a body too large, a rate) are the limits' business, measured by `l2conf run`, not a violation.
    if (forwarded.status === 413 || forwarded.status === 429) {
      tally.count('http')
      return tally.noteUnjudged(`a JSON-RPC POST the node refused with HTTP ${forwarded.status} (its limits)`)
    }
    const made = rpcExchange(forwarded, maskedRpc)
    if ('unjudged' in made) {
      tally.count('http')
      return tally.noteUnjudged(`JSON-RPC over HTTP: ${made.unjudged}`)
    }
    judged(made.exchange, 'http', judge.rpc(made.exchange))
  }

  const onRestForwarded = (forwarded: ForwardedHttp, requestUrl: string): void => {
    if (unanswered(forwarded)) {
      tally.count('rest')
      return tally.noteUpstreamFailure(`${forwarded.method} REST: ${forwarded.failure!.message}`)
    }
    const url = new URL(requestUrl, 'http://proxy')
    const full = new URL(upstreamPath(restUpstream!, requestUrl), restUpstream!.origin).href
    const made = restExchange(forwarded, maskUrl(full))
    if ('unjudged' in made) {
      tally.count('rest')
      return tally.noteUnjudged(`REST: ${made.unjudged}`)
    }
    if (forwarded.responseBody === null) {
      tally.count('rest')
      return tally.noteUnjudged(`REST ${forwarded.method} ${url.pathname}: an answer of ${forwarded.responseBytes} bytes, past the judging bound`)
    }
    judged(made.exchange, 'rest', judge.rest(made.exchange, { method: forwarded.method, path: url.pathname, query: url.search.replace(/^\?/, '') }))
  }

  const sockets = new Set<Socket>()
  const track = (server: Server): void => {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
  }

  const serveRpc = (request: IncomingMessage, response: ServerResponse): void => {
    const path = new URL(request.url ?? '/', 'http://proxy').pathname
    if (path === REPORT_PATH) return void answerReportRequest(request, response)
    forwardHttp(request, response, { upstream, origin: rpcOrigin, dispatcher, captureBytes: judgeBytes, extraHeaders })
      .then((forwarded) => later('JSON-RPC over HTTP', () => onRpcForwarded(forwarded)))
      .catch((error: unknown) => {
        tally.noteUnjudged(`JSON-RPC over HTTP: the proxy could not forward: ${errorText(error)}`)
        response.destroy()
      })
  }

  const answerReportRequest = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const send = (status: number, body: string): void => {
      response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body)
    }
    if (request.method !== 'GET') return send(405, JSON.stringify({ error: `GET ${REPORT_PATH} writes the report` }))
    if (options.onReportRequest === undefined) return send(404, JSON.stringify({ error: 'this proxy writes no report on request' }))
    try {
      const { status, body } = await options.onReportRequest()
      send(status, body)
    } catch (error) {
      send(500, JSON.stringify({ error: `the report could not be written: ${errorText(error)}` }))
    }
  }

  const server = createServer(serveRpc)
  track(server)
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_MESSAGE_BYTES,
    perMessageDeflate: false,
    // The client gets the subprotocol the upstream chose, as it would have directly.
    handleProtocols: (_protocols, request) => chosenProtocol.get(request) ?? false,
  })
  const chosenProtocol = new WeakMap<IncomingMessage, string>()
  const upstreamSockets = new Set<WebSocket>()

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (options.wsUpstream === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const headers = Object.fromEntries(
      Object.entries(endToEnd(request.headers)).filter(([name]) => !name.startsWith('sec-websocket-') && name !== 'content-length'),
    ) as Record<string, string>
    const protocols = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
    const target = new URL(upstreamPath(new URL(options.wsUpstream), request.url ?? '/'), options.wsUpstream).href
    const up = new WebSocket(target, protocols, { headers: { ...headers, ...extraHeaders }, perMessageDeflate: false, maxPayload: MAX_WS_MESSAGE_BYTES })
    upstreamSockets.add(up)
    // Whatever the upstream's socket does, an error is never unhandled (each is also handled where it matters).
    up.on('error', () => undefined)
    up.on('close', () => upstreamSockets.delete(up))
    // The client's socket is accepted only once the upstream's is open: the pair starts together, or the client gets a 502.
    const refuse = (error: Error): void => {
      tally.count('ws')
      tally.noteUpstreamFailure(`WebSocket: the upstream did not open: ${errorText(error)}`)
      up.terminate()
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    }
    up.once('error', refuse)
    up.once('unexpected-response', (_req, answer) => refuse(new Error(`it answered HTTP ${answer.statusCode ?? '?'}`)))
    // A client gone before the upstream opened leaves nothing open behind it.
    let bridged = false
    socket.once('close', () => {
      if (!bridged) up.terminate()
    })
    up.once('open', () => {
      up.off('error', refuse)
      if (up.protocol !== '') chosenProtocol.set(request, up.protocol)
      wss.handleUpgrade(request, socket, head, (client) => {
        bridged = true
        bridge(client, up)
      })
    })
  })

  /** Relays frames both ways unchanged, pairing them into exchanges to judge. */
  const bridge = (client: WebSocket, up: WebSocket): void => {
    const pairing = new SocketPairing(maskedWs, judgeBytes)
    let firstResponse = true
    let firstNotification = true
    let upstreamClosed = false
    client.on('message', (data: RawData, isBinary: boolean) => {
      if (up.readyState === WebSocket.OPEN) up.send(data as Buffer, { binary: isBinary })
      if (isBinary) return
      const unjudged = pairing.fromClient(data.toString())
      if (unjudged !== null) tally.noteUnjudged(`WebSocket: ${unjudged}`)
    })
    up.on('message', (data: RawData, isBinary: boolean) => {
      if (client.readyState === WebSocket.OPEN) client.send(data as Buffer, { binary: isBinary })
      if (isBinary) return
      const text = data.toString()
      const frame = pairing.fromUpstream(text)
      switch (frame.kind) {
        case 'answer':
          return later('JSON-RPC over WebSocket', () => judged(frame.exchange, 'ws', judge.rpc(frame.exchange)))
        case 'notification':
          tally.traffic.notifications++
          coverage.observeNotification?.(frame.message)
          if (!frame.solicited) tally.unsolicitedFrame('notifications', text, firstNotification)
          if (!frame.solicited) firstNotification = false
          return
        case 'unsolicited':
          tally.unsolicitedFrame('responses', text, firstResponse)
          firstResponse = false
          return
        case 'unjudged':
          tally.count('ws')
          return tally.noteUnjudged(`WebSocket: ${frame.reason}`)
      }
    })
    client.on('close', (code: number, reason: Buffer) => {
      if (up.readyState === WebSocket.OPEN || up.readyState === WebSocket.CONNECTING) {
        const sendable = sendableCode(code)
        if (sendable === undefined) up.close()
        else up.close(sendable, reason)
      }
    })
    up.on('close', (code: number, reason: Buffer) => {
      upstreamClosed = true
      if (pairing.pending > 0)
        tally.noteUpstreamFailure(`WebSocket: the upstream closed the connection (${code}) with ${pairing.pending} request(s) unanswered`)
      if (client.readyState === WebSocket.OPEN) {
        const sendable = sendableCode(code)
        if (sendable === undefined) client.terminate()
        else client.close(sendable, reason)
      }
    })
    // Errors end in a close on each side; they are never fatal to the proxy.
    client.on('error', () => client.terminate())
    up.on('error', (error) => {
      if (!upstreamClosed) tally.noteUpstreamFailure(`WebSocket: ${errorText(error)}`)
      up.terminate()
    })
  }

  // JSON-RPC over plain HTTP with nothing to rewrite goes at the TCP level: no HTTP server or client per exchange, a tap frames a copy for the judges.
  const refused = options.forwarding === 'http' ? 'asked for (--forward http)' : tcpForwardingRefused(upstream, extraHeaders)
  const tcp =
    refused !== undefined
      ? undefined
      : createTcpForwarder({
          upstream: { host: upstream.hostname.replace(/^\[|\]$/g, ''), port: Number(upstream.port || 80) },
          httpPaths: new Set([REPORT_PATH]),
          handOver(socket, read) {
            socket.pause()
            if (read.length > 0) socket.unshift(read)
            server.emit('connection', socket)
            socket.resume()
          },
          tap: {
            exchange(forwarded) {
              try {
                onRpcForwarded(forwarded)
              } catch (error) {
                tally.noteUnjudged(`JSON-RPC over HTTP: the judges failed: ${errorText(error)}`)
              }
            },
            stopped(reason, unjudged) {
              tally.noteUnjudged(
                `JSON-RPC over HTTP: a connection's traffic could not be framed (${reason}): forwarded all the same, its ${unjudged} pending exchange(s) and all that followed left unjudged`,
              )
            },
          },
          captureBytes: judgeBytes,
        })
  let restServer: Server | undefined
  const port = await listen(tcp?.server ?? server, options.port, host)
  let restPort: number | undefined
  if (restUpstream !== undefined) {
    restServer = createServer((request, response) => {
      const requestUrl = request.url ?? '/'
      forwardHttp(request, response, { upstream: restUpstream, origin: restOrigin!, dispatcher, captureBytes: judgeBytes, extraHeaders })
        .then((forwarded) => later('REST', () => onRestForwarded(forwarded, requestUrl)))
        .catch((error: unknown) => {
          tally.noteUnjudged(`REST: the proxy could not forward: ${errorText(error)}`)
          response.destroy()
        })
    })
    track(restServer)
    restPort = await listen(restServer, options.restPort ?? 0, host)
  }
  const shown = host.includes(':') ? `[${host}]` : host
  let stopped: Promise<void> | undefined
  return {
    rpc: `http://${shown}:${port}`,
    ws: options.wsUpstream === undefined ? null : `ws://${shown}:${port}`,
    rest: restPort === undefined ? null : `http://${shown}:${restPort}`,
    tally,
    coverage,
    forwarding: refused === undefined ? { level: 'tcp' } : { level: 'http', why: refused },
    stop() {
      stopped ??= (async () => {
        for (const client of wss.clients) client.terminate()
        for (const up of upstreamSockets) up.terminate()
        for (const socket of sockets) socket.destroy()
        for (const socket of tcp?.sockets ?? []) socket.destroy()
        await Promise.all(
          [tcp?.server ?? server, restServer].map((s: NetServer | undefined) =>
            s === undefined ? undefined : new Promise<void>((resolve) => s.close(() => resolve())),
          ),
        )
        wss.close()
        await dispatcher.destroy()
      })()
      return stopped
    },
  }
}
