import type { IncomingMessage, ServerResponse } from 'node:http'
import { WebSocket, WebSocketServer } from 'ws'
import { httpServer } from '../servers/throwawayServer.js'

/** The faults a front can play (tests only), each one an operator pages on. */
export interface FrontFaults {
  /** HTTP is a replica this many ms behind WebSocket: blocks announced more recently do not exist over HTTP yet. */
  httpBehindMs?: number
  /** Every other HTTP request goes to a replica this many blocks behind: the head alternates between two replicas. */
  alternateBehindBlocks?: number
  /** newHeads notifications relayed per WebSocket connection before they stop (the subscription stays open). */
  newHeadsStopAfter?: number
  /** net_version is answered as a number instead of a string from this call on (1 the first): a check that starts failing. */
  netVersionBrokenFrom?: number
}

/** A front started by a test: its addresses, what it counted, and how to stop it. */
export interface FaultyFront {
  rpc: string
  ws: string
  netVersionCalls(): number
  /** Goes away for `ms`: every connection dropped, every new one refused at once (a node restarting). */
  goDown(ms: number): void
  close(): Promise<void>
}

type Call = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown }

const hex = (n: number): string => `0x${n.toString(16)}`
const blockArg = (value: unknown, head: number): number | null =>
  value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized'
    ? head
    : typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)
      ? Number.parseInt(value, 16)
      : null

/**
 * A throwaway server in front of a real node (the reference) that relays JSON-RPC over HTTP and
 * WebSocket and plays a broken deployment (FrontFaults): a lagging HTTP replica, two replicas out of
 * step answering in turn, newHeads that stop, a method that starts answering wrongly. Everything
 * else is relayed as the node answers it.
 */
export async function startFaultyFront(upstream: { rpc: string; ws: string }, faults: FrontFaults): Promise<FaultyFront> {
  // When each block was announced upstream, for the lagging replica.
  const announced = new Map<number, number>()
  let follower: WebSocket | null = null
  if (faults.httpBehindMs !== undefined) {
    follower = new WebSocket(upstream.ws)
    follower.on('open', () => follower!.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })))
    follower.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { params?: { result?: { number?: string } } }
      const number = message.params?.result?.number
      if (typeof number === 'string') announced.set(Number.parseInt(number, 16), Date.now())
    })
  }
  const upstreamCall = async (body: string): Promise<unknown> => {
    const response = await fetch(upstream.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return response.json()
  }
  const upstreamHead = async (): Promise<number> =>
    Number.parseInt(((await upstreamCall(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }))) as { result: string }).result, 16)
  let netVersionCalls = 0
  // Calls per method: the two replicas answer each method in turn, as a round-robin balancer does.
  const callsOf = new Map<string, number>()

  /** What a replica that serves blocks up to `visible` answers, or undefined to relay the call as it is. */
  const laggingAnswer = (call: Call, visible: number): unknown => {
    const params = Array.isArray(call.params) ? call.params : []
    if (call.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: call.id, result: hex(visible) }
    if (call.method === 'eth_getBlockByNumber') {
      const n = blockArg(params[0], visible)
      if (n !== null && n > visible) return { jsonrpc: '2.0', id: call.id, result: null }
      if (params[0] === 'latest') return { rewrite: [hex(visible), ...params.slice(1)] }
    }
    if (call.method === 'eth_getBlockRange') {
      const end = blockArg(params[1], visible)
      if (end !== null && end > visible) return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'end of the range is beyond the head' } }
    }
    return undefined
  }

  const answer = async (text: string): Promise<unknown> => {
    let call: Call
    try {
      call = JSON.parse(text) as Call
    } catch {
      return upstreamCall(text)
    }
    if (Array.isArray(call)) return upstreamCall(text)
    const turn = (callsOf.get(String(call.method)) ?? 0) + 1
    callsOf.set(String(call.method), turn)
    if (call.method === 'net_version') {
      netVersionCalls++
      if (faults.netVersionBrokenFrom !== undefined && netVersionCalls >= faults.netVersionBrokenFrom) return { jsonrpc: '2.0', id: call.id, result: 901 }
    }
    let visible: number | null = null
    if (faults.httpBehindMs !== undefined) {
      const cutoff = Date.now() - faults.httpBehindMs
      let best = -1
      for (const [n, at] of announced) if (at <= cutoff && n > best) best = n
      visible = best >= 0 ? best : null
    } else if (faults.alternateBehindBlocks !== undefined && turn % 2 === 0) {
      visible = Math.max(0, (await upstreamHead()) - faults.alternateBehindBlocks)
    }
    if (visible !== null) {
      const lagging = laggingAnswer(call, visible) as { rewrite?: unknown[] } | undefined
      if (lagging?.rewrite !== undefined) return upstreamCall(JSON.stringify({ ...call, params: lagging.rewrite }))
      if (lagging !== undefined) return lagging
    }
    return upstreamCall(text)
  }

  const server = await httpServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      answer(Buffer.concat(chunks).toString()).then(
        (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        () => response.writeHead(502).end(),
      )
    })
  })
  let downUntil = 0
  server.server.prependListener('connection', (socket: import('node:net').Socket) => {
    if (Date.now() < downUntil) socket.destroy()
  })
  const sockets = new WebSocketServer({ server: server.server })
  sockets.on('connection', (client) => {
    const node = new WebSocket(upstream.ws)
    const queued: string[] = []
    let notified = 0
    node.on('open', () => {
      for (const text of queued.splice(0)) node.send(text)
    })
    client.on('message', (data: Buffer) => (node.readyState === WebSocket.OPEN ? node.send(data.toString()) : queued.push(data.toString())))
    node.on('message', (data: Buffer) => {
      const text = data.toString()
      if (text.includes('"eth_subscription"') && faults.newHeadsStopAfter !== undefined && ++notified > faults.newHeadsStopAfter) return
      if (client.readyState === WebSocket.OPEN) client.send(text)
    })
    client.on('close', () => node.close())
    node.on('close', () => client.close())
    node.on('error', () => client.terminate())
  })
  return {
    rpc: server.url,
    ws: server.url.replace('http:', 'ws:'),
    netVersionCalls: () => netVersionCalls,
    goDown(ms) {
      downUntil = Date.now() + ms
      for (const client of sockets.clients) client.terminate()
      for (const socket of server.sockets) socket.destroy()
    },
    close: async () => {
      follower?.terminate()
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      await server.close()
    },
  }
}
