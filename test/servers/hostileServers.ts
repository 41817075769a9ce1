import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import WebSocket from 'ws'
import { bodyOf, httpServer, tcpServer, wsServer, type ThrowawayServer } from './throwawayServer.js'

/** The addresses of a real node (the bundled reference) that a hostile target forwards to or stands beside. */
export interface UpstreamNode {
  rpc: string
  ws: string
  rest: string
}

/** A hostile target (tests and benchmarks only): the CLI arguments that name it, and how to stop it. */
export interface HostileTarget {
  name: string
  /** `--rpc ...` and, where the target has them, `--ws ...` / `--rest ...`. */
  args: string[]
  /** What a clear finding about this target says (matched against the CLI's output). */
  finding: RegExp
  close(): Promise<void>
}

/** How a mangling proxy rewrites the id of each answer: off by one, echoed as a string, null, or missing. */
export type IdMangling = 'off-by-one' | 'string' | 'null' | 'missing'

/** Bytes of the huge result: just under the 64 MiB frame cap, as measured in the issue. */
const HUGE_RESULT_BYTES = 63 * 1024 * 1024
const DEEP_LEVELS = 100_000
/** Unsolicited frames the flood sends over the run, as in the issue (about 2 million). */
const FLOOD_FRAMES = 2_000_000

function jsonAnswer(response: ServerResponse, body: string | Buffer, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
  response.end(body)
}

/** The id of the request in `body` (first of a batch), or 1. */
function requestId(body: string): unknown {
  try {
    const value = JSON.parse(body) as { id?: unknown } | Array<{ id?: unknown }>
    const first = Array.isArray(value) ? value[0] : value
    return first?.id ?? 1
  } catch {
    return 1
  }
}

function mangleOne(value: unknown, mangling: IdMangling): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('id' in value)) return value
  const answer = { ...(value as Record<string, unknown>) }
  const id = answer.id
  if (mangling === 'off-by-one') answer.id = typeof id === 'number' ? id + 1 : id
  else if (mangling === 'string') answer.id = String(id)
  else if (mangling === 'null') answer.id = null
  else delete answer.id
  return answer
}

/** Rewrites the ids of an answer text (an object or a batch array); text that is not JSON passes as it is. */
function mangleText(text: string, mangling: IdMangling): string {
  try {
    const value = JSON.parse(text) as unknown
    return JSON.stringify(Array.isArray(value) ? value.map((item) => mangleOne(item, mangling)) : mangleOne(value, mangling))
  } catch {
    return text
  }
}

/** Answers the first request (the reachability probe's eth_chainId) like a node, then `rest` for every later one. */
function firstThen(
  rest: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): (request: IncomingMessage, response: ServerResponse) => void {
  let answered = 0
  return (request, response) => {
    void bodyOf(request).then((body) => {
      if (answered++ === 0) return jsonAnswer(response, JSON.stringify({ jsonrpc: '2.0', id: requestId(body), result: '0x1' }))
      rest(request, response, body)
    })
  }
}

/** What a run says of a target that falls silent: once, when and after which request (or, judged in a check, that its transport got no answer). */
const STOPPED_ANSWERING = /the target stopped answering at \S+: .*(no answer|no response|no complete)|http is unusable: .*no answer/

function target(name: string, args: string[], finding: RegExp, servers: ThrowawayServer[]): HostileTarget {
  return { name, args, finding, close: async () => void (await Promise.all(servers.map((server) => server.close()))) }
}

/** Answers eth_chainId, then never answers again (the connection stays open). */
export async function chainIdThenHangs(): Promise<HostileTarget> {
  const server = await httpServer(firstThen(() => undefined))
  return target('answers eth_chainId, then hangs', ['--rpc', server.url], STOPPED_ANSWERING, [server])
}

/** Answers eth_chainId, then sends headers and drips one byte of whitespace every 500 ms, forever. */
export async function dripsBytes(): Promise<HostileTarget> {
  const timers = new Set<NodeJS.Timeout>()
  const server = await httpServer(
    firstThen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => response.write(' '), 500)
      timers.add(timer)
      response.on('close', () => {
        clearInterval(timer)
        timers.delete(timer)
      })
    }),
  )
  const stop = server.close
  server.close = async () => {
    for (const timer of timers) clearInterval(timer)
    await stop()
  }
  return target('drips bytes', ['--rpc', server.url], STOPPED_ANSWERING, [server])
}

/** Accepts the connection and trickles a status line and headers, one byte a second, never ending them. */
export async function tricklesHeaders(): Promise<HostileTarget> {
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: ' + 'x'.repeat(10_000)
  const server = await tcpServer((socket: Socket) => {
    let index = 0
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer)
      socket.write(head[index++ % head.length] as string)
    }, 1000)
    socket.on('close', () => clearInterval(timer))
    socket.on('error', () => undefined)
  })
  return target('trickles headers', ['--rpc', server.url], /could not be reached|no response headers|is unusable/, [server])
}

/** A WebSocket that accepts the upgrade and never sends a frame; the node's HTTP and REST addresses beside it. */
export async function silentWebSocket(node: UpstreamNode): Promise<HostileTarget> {
  const server = await wsServer((socket) => socket.on('error', () => undefined))
  return target('a silent WebSocket', ['--rpc', node.rpc, '--ws', server.url, '--rest', node.rest], /ws is unusable: .*no answer/, [server])
}

/** A JSON-RPC HTTP proxy to a real node that rewrites the id of every answer. */
export async function mangledHttpIds(node: UpstreamNode, mangling: IdMangling): Promise<HostileTarget> {
  const server = await httpServer((request, response) => {
    void bodyOf(request).then(async (body) => {
      try {
        const upstream = await fetch(node.rpc, { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? 'application/json' }, body })
        jsonAnswer(response, mangleText(await upstream.text(), mangling), upstream.status)
      } catch {
        response.destroy()
      }
    })
  })
  return target(`HTTP ids ${mangling}`, ['--rpc', server.url], /http is unusable: .*(carries id|has no id)/, [server])
}

/**
 * A WebSocket proxy to a real node: each connection opens one upstream and forwards frames both
 * ways, `transform` rewriting what the node sends; `onOpen` may add frames of its own.
 */
async function wsProxy(node: UpstreamNode, transform: (text: string) => string, onOpen?: (client: WebSocket) => void): Promise<ThrowawayServer> {
  return wsServer((client) => {
    const upstream = new WebSocket(node.ws)
    const queued: string[] = []
    client.on('error', () => undefined)
    upstream.on('error', () => undefined)
    client.on('message', (data: Buffer) => {
      const text = data.toString('utf8')
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text)
      else queued.push(text)
    })
    upstream.on('open', () => {
      for (const text of queued.splice(0)) upstream.send(text)
      onOpen?.(client)
    })
    upstream.on('message', (data: Buffer) => {
      if (client.readyState === WebSocket.OPEN) client.send(transform(data.toString('utf8')))
    })
    client.on('close', () => upstream.terminate())
    upstream.on('close', () => client.terminate())
  })
}

/** A WebSocket proxy to a real node that rewrites the id of every answer; the node's HTTP and REST addresses beside it. */
export async function mangledWsIds(node: UpstreamNode, mangling: IdMangling): Promise<HostileTarget> {
  const server = await wsProxy(node, (text) => mangleText(text, mangling))
  return target(`WebSocket ids ${mangling}`, ['--rpc', node.rpc, '--ws', server.url, '--rest', node.rest], /ws is unusable: /, [server])
}

/** Answers every request with a 200 HTML page, as a web server at the wrong address does. */
export async function htmlServer(): Promise<HostileTarget> {
  const page = `<!doctype html><html><head><title>Welcome</title></head><body>${'<p>It works!</p>'.repeat(200)}</body></html>`
  const server = await httpServer((request, response) => {
    void bodyOf(request).then(() => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(page)
    })
  })
  return target('an HTML server', ['--rpc', server.url], /not a JSON-RPC response|is not JSON/, [server])
}

/**
 * Answers every request with HTTP 429 and `Retry-After: 3600`: JSON-RPC, REST and the WebSocket
 * upgrade alike (a target throttling the harness for an hour).
 */
export async function throttlesForever(): Promise<HostileTarget> {
  const server = await httpServer((request, response) => {
    void bodyOf(request).then(() => {
      response.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/json' })
      response.end('{"error":"too many requests"}')
    })
  })
  server.server.on('upgrade', (_request, socket: Socket) => {
    socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3600\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
  })
  const ws = server.url.replace('http://', 'ws://')
  return target('429 with Retry-After: 3600 to everything', ['--rpc', server.url, '--ws', ws, '--rest', `${server.url}/api`], /Retry-After: 3600|3600 s/, [
    server,
  ])
}

/**
 * A JSON-RPC proxy to a real node that, after `answered` requests, answers every request with HTTP 429
 * and `Retry-After: 3600` (a target that starts throttling the harness mid-run, for an hour).
 */
export async function throttlesMidRun(node: UpstreamNode, answered: number = 300): Promise<HostileTarget> {
  let seen = 0
  const server = await httpServer((request, response) => {
    void bodyOf(request).then(async (body) => {
      if (++seen > answered) {
        response.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/json' })
        response.end('{"error":"too many requests"}')
        return
      }
      try {
        const upstream = await fetch(node.rpc, { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? 'application/json' }, body })
        jsonAnswer(response, await upstream.text(), upstream.status)
      } catch {
        response.destroy()
      }
    })
  })
  return target(`429 with Retry-After: 3600 after ${answered} requests`, ['--rpc', server.url], /refused to be certified now.*Retry-After: 3600/, [server])
}

/** Answers eth_chainId, then every request with a result nested 100,000 arrays deep. */
export async function deepNesting(): Promise<HostileTarget> {
  const server = await httpServer(
    firstThen((_request, response, body) => {
      jsonAnswer(response, `{"jsonrpc":"2.0","id":${JSON.stringify(requestId(body))},"result":${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}}`)
    }),
  )
  return target('results nested 100,000 deep', ['--rpc', server.url], /MAX_JSON_DEPTH/, [server])
}

/** Answers eth_chainId, then every request with a result of 63 MiB (just under the frame cap). */
export async function hugeBodies(): Promise<HostileTarget> {
  const filler = Buffer.alloc(HUGE_RESULT_BYTES, 0x61)
  const server = await httpServer(
    firstThen((_request, response, body) => {
      const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(requestId(body))},"result":"0x`)
      const tail = Buffer.from('"}')
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(head.length + filler.length + tail.length) })
      response.write(head)
      response.write(filler)
      response.end(tail)
    }),
  )
  return target('63 MiB answers', ['--rpc', server.url], /http is unusable: .* oversized/, [server])
}

/** Keys in the REST body of the million-key target, as measured in the issue. */
const MILLION_KEYS = 1_000_000

/**
 * A REST service whose every answer is a JSON object of a million keys (about 20 MB), beside a real
 * node's JSON-RPC address: the issue measured 3.1 GB and a 264 MB report.json from such a body.
 */
export async function millionKeyRest(node: UpstreamNode): Promise<HostileTarget> {
  const parts: string[] = []
  for (let index = 0; index < MILLION_KEYS; index++) parts.push(`"k${index}":${index}`)
  const body = Buffer.from(`{${parts.join(',')}}`)
  const server = await httpServer((request, response) => {
    request.resume()
    request.on('end', () => jsonAnswer(response, body))
  })
  return target('a REST body of a million keys', ['--rpc', node.rpc, '--rest', server.url], /REST|rest|schema|must NOT have/, [server])
}

/**
 * A WebSocket proxy to a real node that answers correctly but also floods about 2 million unsolicited
 * frames over the run: answers to ids never sent and notifications of a subscription never opened.
 */
export async function unsolicitedFlood(node: UpstreamNode, frames: number = FLOOD_FRAMES): Promise<HostileTarget> {
  let sent = 0
  const flood = (client: WebSocket): void => {
    const burst = (): void => {
      if (client.readyState !== WebSocket.OPEN || sent >= frames) return
      if (client.bufferedAmount > 1024 * 1024) return void setTimeout(burst, 5)
      for (let index = 0; index < 1000 && sent < frames; index++, sent++) {
        client.send(
          sent % 2 === 0
            ? `{"jsonrpc":"2.0","id":${900_000_000 + sent},"result":"0x0"}`
            : `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0xdeadbeef","result":{"n":${sent}}}}`,
        )
      }
      setImmediate(burst)
    }
    burst()
  }
  const server = await wsProxy(node, (text) => text, flood)
  return target('an unsolicited-frame flood', ['--rpc', node.rpc, '--ws', server.url, '--rest', node.rest], /never sent|no request carried|never opened/, [
    server,
  ])
}
