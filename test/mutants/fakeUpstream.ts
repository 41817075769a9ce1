import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/** A tiny JSON-RPC + REST target for the proxy's tests (tests only: plays the upstream node, four blocks). */
export interface FakeUpstream {
  rpc: string
  ws: string
  rest: string
  /** Bodies the JSON-RPC endpoint received over HTTP, as text. */
  httpBodies: string[]
  /** Sends a newHeads notification (the head block) to every live subscription. */
  emitHead(): void
  close(): Promise<void>
}

type Json = Record<string, unknown>
const HEAD = 3
const hash = (n: number): string => `0x${(n + 1).toString(16).padStart(2, '0').repeat(32)}`
const txHash = (n: number, i: number): string => `0x${`${n}${i}`.padStart(4, '0').repeat(16)}`

function block(n: number, full: boolean): Json {
  const txs = n === 1 ? [0, 1] : n === 2 ? [0] : []
  return {
    number: `0x${n.toString(16)}`,
    hash: hash(n),
    parentHash: n === 0 ? `0x${'0'.repeat(64)}` : hash(n - 1),
    nonce: '0x0000000000000000',
    sha3Uncles: `0x${'1d'.repeat(32)}`,
    logsBloom: `0x${'0'.repeat(512)}`,
    transactionsRoot: `0x${'56'.repeat(32)}`,
    stateRoot: `0x${'a0'.repeat(32)}`,
    receiptsRoot: `0x${'56'.repeat(32)}`,
    miner: '0x4200000000000000000000000000000000000011',
    difficulty: '0x2',
    totalDifficulty: `0x${(2 * n + 1).toString(16)}`,
    extraData: '0x',
    size: '0x220',
    gasLimit: '0xe4e1c0',
    gasUsed: '0x0',
    timestamp: `0x${(1_700_000_000 + n).toString(16)}`,
    mixHash: `0x${'0'.repeat(64)}`,
    uncles: [],
    transactions: txs.map((i) =>
      full
        ? {
            hash: txHash(n, i),
            blockHash: hash(n),
            blockNumber: `0x${n.toString(16)}`,
            from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
            to: null,
            input: '0x',
          }
        : txHash(n, i),
    ),
  }
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const blockNumber = (tag: unknown): number => {
  if (tag === 'earliest') return 0
  if (tag === 'latest' || tag === 'pending') return HEAD
  if (typeof tag === 'string' && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(tag)) return Number.parseInt(tag, 16)
  throw new RpcError(-32602, 'invalid argument: not a block number')
}

const METHODS: Record<string, (params: unknown[]) => unknown> = {
  eth_chainId: () => '0x385',
  net_version: () => '901',
  eth_blockNumber: () => `0x${HEAD.toString(16)}`,
  eth_gasPrice: () => '0x3b9aca00',
  eth_getBalance: () => '0x21e19e0c9bab2400000',
  eth_getCode: () => '0x',
  eth_getTransactionReceipt: ([h]) => ({
    transactionHash: h,
    transactionIndex: '0x0',
    status: '0x1',
    logsBloom: `0x${'0'.repeat(512)}`,
    from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  }),
  eth_getBlockByNumber: ([n, full]) => {
    const number = blockNumber(n)
    return number > HEAD ? null : block(number, full === true)
  },
  eth_getBlockByHash: ([h, full]) => {
    const number = [0, 1, 2, 3].find((n) => hash(n) === h)
    return number === undefined ? null : block(number, full === true)
  },
  eth_getBlockRange: ([s, e, full]) => {
    const [start, end] = [blockNumber(s), blockNumber(e)]
    if (start > end) throw new RpcError(-32602, 'start of block range is after its end')
    if (end - start + 1 > 1000) throw new RpcError(-32602, 'requested block range is too large')
    if (end > HEAD) throw new RpcError(-32000, `end of requested block range (${end}) does not exist`)
    return Array.from({ length: end - start + 1 }, (_, i) => block(start + i, full === true))
  },
  rollup_getInfo: () => ({
    mode: 'sequencer',
    syncing: false,
    ethContext: { blockNumber: 100, timestamp: 1_700_000_000 },
    rollupContext: { index: 3, queueIndex: 0, verifiedIndex: 0 },
  }),
  rollup_gasPrices: () => ({ l1GasPrice: '0x1', l2GasPrice: '0x3b9aca00' }),
  eth_getAccounts: () => {
    throw new RpcError(-32601, 'eth_getAccounts is blocked')
  },
  eth_sendTransaction: () => {
    throw new RpcError(-32601, 'eth_sendTransaction is blocked')
  },
  eth_sendRawTransaction: () => {
    throw new RpcError(-32000, 'rlp: expected input list')
  },
}

function answerOne(request: unknown, extra: Record<string, (params: unknown[]) => unknown>): Json | undefined {
  if (request === null || typeof request !== 'object' || Array.isArray(request) || typeof (request as Json).method !== 'string') {
    return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }
  }
  const { method, params, id } = request as { method: string; params?: unknown; id?: unknown }
  const notification = !Object.hasOwn(request, 'id')
  const handler = extra[method] ?? METHODS[method]
  let answer: Json
  try {
    if (handler === undefined) throw new RpcError(-32601, `the method ${method} does not exist/is not available`)
    answer = { jsonrpc: '2.0', id, result: handler(Array.isArray(params) ? params : []) }
  } catch (error) {
    const e = error as RpcError
    answer = { jsonrpc: '2.0', id, error: { code: e.code ?? -32603, message: e.message } }
  }
  return notification ? undefined : answer
}

function answerText(text: string, extra: Record<string, (params: unknown[]) => unknown>): string {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } })
    const items = body.map((item) => answerOne(item, extra)).filter((item) => item !== undefined)
    return items.length === 0 ? '' : JSON.stringify(items)
  }
  const answer = answerOne(body, extra)
  return answer === undefined ? '' : JSON.stringify(answer)
}

const REST: Record<string, Json> = {
  '/api/portfolio': {
    success: true,
    statusCode: 200,
    value: { totalValueInUSD: 100, portfolio: [{ symbol: 'MNT', amount: 100, price: 1, value: 100, perOfHoldings: '100.00%' }] },
  },
  '/api/token-data': { success: true, statusCode: 200, results: { totalSupply: '1000', circulatingSupply: '900' } },
  '/api/v2/treasury/statistics': { total: 50, tokens: [{ symbol: 'MNT', name: 'Mantle', amount: 50, price: 1, value: 50, percent: '100.00%' }] },
}

function rest(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://fake')
  const body = REST[url.pathname]
  const send = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(value))
  }
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return send(405, { success: false, statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: 'only GET' }, { allow: 'GET, HEAD, OPTIONS' })
  if (body === undefined) return send(404, { success: false, statusCode: 404, code: 'NOT_FOUND', message: `no ${url.pathname}` })
  send(200, { ...body, query: url.search === '' ? undefined : url.search })
}

/** Starts the fake target on 127.0.0.1 port 0 (JSON-RPC over HTTP and WebSocket on one port, REST on another). */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const httpBodies: string[] = []
  const subscriptions = new Map<WebSocket, Set<string>>()
  let nextSubscription = 1
  const rpcServer = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST') return void response.writeHead(request.method === 'GET' ? 200 : 405).end()
      const text = Buffer.concat(chunks).toString('utf8')
      httpBodies.push(text)
      const answer = answerText(text, {})
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'fake' }).end(answer)
    })
  })
  const wss = new WebSocketServer({ server: rpcServer })
  wss.on('connection', (socket) => {
    const mine = new Set<string>()
    subscriptions.set(socket, mine)
    socket.on('close', () => subscriptions.delete(socket))
    const extra = {
      eth_subscribe: () => {
        const id = `0x${(nextSubscription++).toString(16)}`
        mine.add(id)
        return id
      },
      eth_unsubscribe: ([id]: unknown[]) => mine.delete(String(id)),
    }
    socket.on('message', (data) => {
      const answer = answerText(String(data), extra)
      if (answer !== '') socket.send(answer)
    })
  })
  const restServer = createServer(rest)
  const sockets = new Set<Socket>()
  for (const server of [rpcServer, restServer]) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  }
  const rpcPort = (rpcServer.address() as AddressInfo).port
  const restPort = (restServer.address() as AddressInfo).port
  return {
    rpc: `http://127.0.0.1:${rpcPort}`,
    ws: `ws://127.0.0.1:${rpcPort}`,
    rest: `http://127.0.0.1:${restPort}/api`,
    httpBodies,
    emitHead() {
      const { transactions: _txs, ...header } = block(HEAD, false)
      for (const [socket, ids] of subscriptions) {
        for (const subscription of ids) socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription, result: header } }))
      }
    },
    async close() {
      for (const client of wss.clients) client.terminate()
      for (const socket of sockets) socket.destroy()
      await Promise.all([rpcServer, restServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
