import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { Agent } from 'undici'
import { WebSocket, WebSocketServer } from 'ws'
import { bridgeWebSocket } from './bridgeWebSocket.js'
import { handleRest } from './handleRest.js'
import { handleRpcHttp } from './handleRpcHttp.js'
import { MAX_PROXIED_BYTES } from './httpForwarding.js'
import type { MutantDefinition, MutantHooks } from './mutant.js'

/** The target the proxy stands in front of. */
export interface MutantProxyOptions {
  /** JSON-RPC over HTTP, e.g. http://127.0.0.1:8545 */
  upstreamRpc: string
  /** JSON-RPC over WebSocket, e.g. ws://127.0.0.1:8545 */
  upstreamWs: string
  /** The REST base, e.g. http://127.0.0.1:3000/api */
  upstreamRest: string
  /** The variants to serve (besides `clean`, which forwards everything unchanged). */
  mutants: readonly MutantDefinition[]
}

/** The addresses of one variant, to hand to `l2conf run --rpc --ws --rest`. */
export interface MutantUrls {
  rpc: string
  ws: string
  rest: string
}

export interface MutantProxy {
  /** The addresses under which `name` (a mutant of the list, or `clean`) is served. */
  url(name: string): MutantUrls
  /** Closes every connection (hanging requests included) and the server. */
  stop(): Promise<void>
}

const ROUTE = /^\/([A-Za-z0-9._-]+)\/(rpc|api)(\/.*)?$/

function notFound(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ error: message })
  response.writeHead(404, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body)
}

/**
 * Starts the mutant proxy (the mutant catalogue): one HTTP + WebSocket server on 127.0.0.1
 * port 0 in front of a target. Each variant lives under its own prefix:
 * `http://127.0.0.1:P/<name>/rpc` (JSON-RPC over HTTP POST and WebSocket upgrade) and
 * `http://127.0.0.1:P/<name>/api/...` (REST, forwarded to the target's REST base). `clean` forwards
 * everything unchanged. A hanging variant hangs only the request concerned, until its client goes or stop().
 * @example const proxy = await startMutantProxy({ upstreamRpc, upstreamWs, upstreamRest, mutants: catalogue })
 *          const { rpc, ws, rest } = proxy.url('range-descending')
 */
export async function startMutantProxy(options: MutantProxyOptions): Promise<MutantProxy> {
  const hooks = new Map<string, MutantHooks>([['clean', {}]])
  for (const mutant of options.mutants) {
    if (hooks.has(mutant.name)) throw new Error(`two mutants are named ${mutant.name}`)
    hooks.set(mutant.name, mutant.create())
  }
  const upstreamRpc = new URL(options.upstreamRpc)
  const upstreamRest = new URL(options.upstreamRest)
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: 0, bodyTimeout: 0 })
  const stopping = new AbortController()
  /** A hang that ends when the proxy stops or the connection it belongs to closes (nothing is held for a client gone). */
  const hangUntilClosed = (emitter: { once(event: 'close', listener: () => void): unknown }): (() => Promise<never>) => {
    const closed = new AbortController()
    emitter.once('close', () => closed.abort())
    const until = AbortSignal.any([stopping.signal, closed.signal])
    return () =>
      new Promise<never>((_, reject) => {
        const release = (): void => reject(new Error('the hanging request was released'))
        if (until.aborted) return release()
        until.addEventListener('abort', release, { once: true })
      })
  }

  const sockets = new Set<Socket>()
  const upstreamSockets = new Set<WebSocket>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PROXIED_BYTES, perMessageDeflate: false, clientTracking: true })

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://proxy')
    const match = ROUTE.exec(url.pathname)
    const mutant = match === null ? undefined : hooks.get(match[1]!)
    if (match === null || mutant === undefined) return notFound(response, `no mutant at ${url.pathname}; paths are /<mutant>/rpc and /<mutant>/api/...`)
    const done =
      match[2] === 'rpc'
        ? match[3] === undefined
          ? handleRpcHttp(request, response, { hooks: mutant, upstream: upstreamRpc, dispatcher, hang: hangUntilClosed(response) })
          : Promise.resolve(notFound(response, 'the JSON-RPC endpoint is /<mutant>/rpc'))
        : handleRest(request, response, match[3] ?? '', url.search, { hooks: mutant, upstream: upstreamRest, dispatcher })
    done.catch((error: unknown) => {
      if (stopping.signal.aborted || response.headersSent || response.socket === null || response.socket.destroyed) return void response.destroy()
      const body = JSON.stringify({ error: `the mutant proxy could not reach the target: ${(error as Error).message}` })
      response.writeHead(502, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body)
    })
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://proxy')
    const match = ROUTE.exec(url.pathname)
    const mutant = match === null || match[2] !== 'rpc' || match[3] !== undefined ? undefined : hooks.get(match[1]!)
    if (mutant === undefined || stopping.signal.aborted) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    // The client's socket is accepted only once the target's is open: the pair starts together.
    const upstream = new WebSocket(options.upstreamWs, { maxPayload: MAX_PROXIED_BYTES, perMessageDeflate: false })
    upstreamSockets.add(upstream)
    upstream.on('close', () => upstreamSockets.delete(upstream))
    const refuse = (): void => {
      upstream.terminate()
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    }
    upstream.once('error', refuse)
    upstream.once('open', () => {
      upstream.off('error', refuse)
      wss.handleUpgrade(request, socket, head, (client) => bridgeWebSocket(client, upstream, mutant, hangUntilClosed(client)))
    })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `127.0.0.1:${port}`

  return {
    url(name) {
      if (!hooks.has(name)) throw new Error(`no mutant named ${name}`)
      const prefix = encodeURIComponent(name)
      return { rpc: `http://${base}/${prefix}/rpc`, ws: `ws://${base}/${prefix}/rpc`, rest: `http://${base}/${prefix}/api` }
    },
    async stop() {
      stopping.abort()
      for (const client of wss.clients) client.terminate()
      for (const upstream of upstreamSockets) upstream.terminate()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await dispatcher.destroy()
    },
  }
}
