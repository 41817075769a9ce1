import type { IncomingMessage, ServerResponse } from 'node:http'
import { WebSocketServer } from 'ws'
import type { Exchange } from '../../harness/transport/exchange.js'
import { httpServer, type ThrowawayServer } from './throwawayServer.js'

/**
 * The limits a test target enforces (tests only: a tiny JSON-RPC target with known limits, for the
 * discovery drivers). null: no limit.
 */
export interface TargetLimits {
  head: number
  maxRange: number | null
  /** Which refusal of eth_getBlockRange comes first when both apply (l2geth and the reference: size first). */
  rangeOrder?: 'size-first' | 'head-first'
  /** What a range ending past the head answers: an error (reference, Mantle), null (Boba), or the blocks that exist. */
  pastHead?: 'error' | 'null' | 'partial'
  maxBatch?: number | null
  maxBytes?: number | null
  maxWsBytes?: number | null
  /**
   * Largest response body (geth's BatchResponseMaxSize): in a batch, the item whose answer would pass
   * it and every later one answer -32003 "response too large"; a single answer past it is that error.
   */
  maxResponseBytes?: number | null
}

const hex = (n: number): string => `0x${n.toString(16)}`

function error(id: unknown, code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

function answerOne(target: TargetLimits, request: unknown): Record<string, unknown> {
  const { id, method, params } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown }
  const result = (value: unknown): Record<string, unknown> => ({ jsonrpc: '2.0', id: id ?? null, result: value })
  if (method === 'eth_chainId') return result('0x385')
  if (method === 'eth_getBlockByNumber' && Array.isArray(params))
    return result(blocks(Number(BigInt(params[0] as string)), Number(BigInt(params[0] as string)))[0])
  if (method === 'eth_blockNumber') return result(hex(target.head))
  if (method !== 'eth_getBlockRange' || !Array.isArray(params)) return error(id ?? null, -32601, `the method ${String(method)} does not exist/is not available`)
  const start = Number(BigInt(params[0] as string))
  const end = Number(BigInt(params[1] as string))
  if (start > end) return error(id, -32602, `start of block range (${start}) is greater than end of block range (${end})`)
  const count = end - start + 1
  const oversized =
    target.maxRange !== null && count > target.maxRange
      ? error(id, -32602, `requested block range is too large (max is ${target.maxRange}, requested ${count} blocks)`)
      : null
  const pastHead =
    end > target.head
      ? target.pastHead === 'null'
        ? result(null)
        : target.pastHead === 'partial'
          ? result(blocks(start, target.head))
          : error(id, -32000, `end of requested block range (${end}) does not exist`)
      : null
  const refusal = target.rangeOrder === 'head-first' ? (pastHead ?? oversized) : (oversized ?? pastHead)
  return refusal ?? result(blocks(start, end))
}

function blocks(start: number, end: number): Array<{ number: string }> {
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => ({ number: hex(start + i) }))
}

function tooLarge(bytes: number, maxBytes: number): { status: number; body: string; close: boolean } {
  return { status: 413, body: JSON.stringify(error(null, -32600, `content length too large (${bytes}>${maxBytes})`)), close: true }
}

/** What the target answers to a body: the HTTP status, the JSON text, whether it closes the connection. */
export function answerBody(
  target: TargetLimits,
  text: string,
  maxBytes: number | null | undefined = target.maxBytes,
): { status: number; body: string; close: boolean } {
  if (maxBytes !== null && maxBytes !== undefined && Buffer.byteLength(text) > maxBytes) return tooLarge(Buffer.byteLength(text), maxBytes)
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return { status: 200, body: JSON.stringify(error(null, -32700, 'parse error')), close: false }
  }
  const maxResponse = target.maxResponseBytes ?? Infinity
  const tooLargeAnswer = (item: unknown): Record<string, unknown> =>
    error((item as { id?: unknown } | null)?.id ?? null, -32003, `response too large (max ${maxResponse} bytes)`)
  if (!Array.isArray(payload)) {
    const single = JSON.stringify(answerOne(target, payload))
    return { status: 200, body: Buffer.byteLength(single) > maxResponse ? JSON.stringify(tooLargeAnswer(payload)) : single, close: false }
  }
  const maxBatch = target.maxBatch ?? null
  if (maxBatch !== null && payload.length > maxBatch)
    return { status: 200, body: JSON.stringify(error(null, -32600, `batch too large (max ${maxBatch})`)), close: false }
  const answers: string[] = []
  let used = 2
  for (const [index, item] of payload.entries()) {
    const answer = JSON.stringify(answerOne(target, item))
    const added = Buffer.byteLength(answer) + (answers.length > 0 ? 1 : 0)
    if (used + added > maxResponse) {
      answers.push(...payload.slice(index).map((rest) => JSON.stringify(tooLargeAnswer(rest))))
      break
    }
    answers.push(answer)
    used += added
  }
  return { status: 200, body: `[${answers.join(',')}]`, close: false }
}

/** The exchange the target's answer makes, without a network (for properties that run thousands of searches). */
export function syntheticExchange(target: TargetLimits, request: unknown, raw = false): Exchange {
  const text = raw ? (request as string) : JSON.stringify(request)
  const { status, body } = answerBody(target, text)
  const exchange: Exchange = { transport: 'http', url: 'http://target', request, httpStatus: status, response: JSON.parse(body), startedAt: 0, durationMs: 0 }
  if (raw) exchange.requestIsRaw = true
  return exchange
}

/**
 * The target over HTTP (and WebSocket on the same port, with its own message limit, closing 1009
 * past it), on 127.0.0.1 port 0. `requests` counts the HTTP requests and WebSocket messages it got.
 */
export async function limitedTargetServer(target: TargetLimits): Promise<ThrowawayServer & { wsUrl: string; requests: () => number }> {
  let requests = 0
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    requests++
    const declared = Number(request.headers['content-length'] ?? Number.NaN)
    if (target.maxBytes !== null && target.maxBytes !== undefined && declared > target.maxBytes) {
      const { status, body } = tooLarge(declared, target.maxBytes)
      response.writeHead(status, { 'content-type': 'application/json', connection: 'close' })
      response.end(body)
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const { status, body, close } = answerBody(target, Buffer.concat(chunks).toString('utf8'))
      response.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) })
      response.end(body)
    })
  }
  const started = await httpServer(onRequest)
  const wss = new WebSocketServer({
    noServer: true,
    ...(target.maxWsBytes === null || target.maxWsBytes === undefined ? {} : { maxPayload: target.maxWsBytes }),
  })
  started.server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('message', (data: Buffer) => {
        requests++
        ws.send(answerBody(target, data.toString('utf8'), null).body)
      })
      ws.on('error', () => {})
    })
  })
  const close = started.close
  return Object.assign(started, {
    wsUrl: started.url.replace('http:', 'ws:'),
    requests: () => requests,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
      await close()
    },
  })
}
