import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { ErrorCode, RpcError } from '../rpc/rpcError.js'
import type { CallContext, MethodHandler, MethodTable } from '../rpc/methodTable.js'
import type { JsonRpcDispatcher } from './jsonRpcDispatcher.js'
import { jsonString, type JsonText } from './jsonRpcResponse.js'
import { limits } from './limits.js'
import { clientOf, rateLimitedAnswer, type RateLimiter } from './rateLimit.js'
import { refusedRequest } from './requestShape.js'
import { parseSubscribeParams } from './subscribeParams.js'
import type { SubscriptionHub } from './subscriptionHub.js'
import { subscriptionId } from './subscriptionId.js'

/**
 * The call context of one WebSocket message: subscriptions it creates start notifying only after the
 * answer naming their id has been sent.
 */
interface WsCallContext extends CallContext {
  activations: Array<() => void>
}

export interface WsTransportOptions {
  dispatcher: JsonRpcDispatcher
  /** Without a hub, eth_subscribe answers -32000 "notifications not supported". */
  hub?: SubscriptionHub
  log?: (message: string) => void
  maxPayloadBytes?: number
  maxBufferedBytes?: number
  pingIntervalMs?: number
  /** Each message takes a token of its client's rate limit; over it, -32005 answers instead. */
  rateLimiter?: RateLimiter
}

export interface WsTransport {
  /** Takes over an HTTP upgrade request (the `upgrade` event of the HTTP server). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Closes every connection (1001 going away) and stops the keepalive. */
  close(): Promise<void>
}

/** Notifications queued for a subscription whose id has not been answered yet, at most. */
const MAX_HELD_NOTIFICATIONS = 1000
/** Close code for a client that lets its unread data grow past the bound (policy violation). */
const CLOSE_TOO_SLOW = 1008
const CLOSE_GOING_AWAY = 1001

/**
 * JSON-RPC over WebSocket: the HTTP dispatcher's answers for every message (batches too), plus
 * eth_subscribe/eth_unsubscribe scoped to the connection, a ping/pong keepalive, and a bound on what
 * a slow reader may leave unread.
 */
export function createWsTransport(options: WsTransportOptions): WsTransport {
  const { dispatcher, hub } = options
  const log = options.log ?? ((message: string) => console.error(message))
  const maxBufferedBytes = options.maxBufferedBytes ?? limits.maxWsBufferedBytes
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayloadBytes ?? limits.maxWsPayloadBytes,
    perMessageDeflate: false,
    clientTracking: true,
  })
  const alive = new WeakMap<WebSocket, boolean>()

  const keepalive = setInterval(() => {
    for (const client of server.clients) {
      if (alive.get(client) === false) {
        client.terminate()
        continue
      }
      alive.set(client, false)
      client.ping()
    }
  }, options.pingIntervalMs ?? limits.wsPingIntervalMs)
  keepalive.unref()

  function onConnection(socket: WebSocket, request: IncomingMessage): void {
    const client = clientOf(request)
    alive.set(socket, true)
    socket.on('pong', () => alive.set(socket, true))
    const subscriptions = new Map<string, () => void>()
    let dropped = false

    function cancelAll(): void {
      for (const cancel of subscriptions.values()) cancel()
      subscriptions.clear()
    }

    /** Sends, unless the client has stopped reading: then it is dropped instead of buffered. */
    function send(text: JsonText): void {
      if (dropped || socket.readyState !== WebSocket.OPEN) return
      if (socket.bufferedAmount > maxBufferedBytes) {
        drop(`client too slow: more than ${maxBufferedBytes} bytes unread`)
        return
      }
      socket.send(jsonString(text))
    }

    function drop(reason: string): void {
      dropped = true
      cancelAll()
      log(`ws: dropping a client: ${reason}`)
      socket.close(CLOSE_TOO_SLOW, reason.slice(0, 120))
      // The close frame waits behind the unread data; a reader that never drains is cut off.
      setTimeout(() => socket.terminate(), 1000).unref()
    }

    const overrides: MethodTable = new Map<string, MethodHandler>([
      [
        'eth_subscribe',
        (params: unknown, context: CallContext) => {
          if (hub === undefined) throw new RpcError(ErrorCode.server, 'notifications not supported')
          const request = parseSubscribeParams(params)
          const id = subscriptionId()
          const prefix = `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":`
          let held: string[] | undefined = []
          const stop = hub.subscribe(request, (resultJson) => {
            const text = `${prefix}${resultJson}}}`
            if (held === undefined) send(text)
            else if (held.length < MAX_HELD_NOTIFICATIONS) held.push(text)
          })
          subscriptions.set(id, () => {
            held = undefined
            stop()
          })
          const activate = (): void => {
            const queued = held
            held = undefined
            if (queued !== undefined && subscriptions.has(id)) for (const text of queued) send(text)
          }
          const activations = (context as Partial<WsCallContext>).activations
          if (activations === undefined) activate()
          else activations.push(activate)
          return id
        },
      ],
      [
        'eth_unsubscribe',
        (params: unknown) => {
          if (hub === undefined) throw new RpcError(ErrorCode.server, 'notifications not supported')
          if (!Array.isArray(params) || params.length !== 1 || typeof params[0] !== 'string') {
            throw new RpcError(ErrorCode.invalidParams, 'expected one argument: the subscription id')
          }
          const cancel = subscriptions.get(params[0])
          if (cancel === undefined) return false
          cancel()
          subscriptions.delete(params[0])
          return true
        },
      ],
    ])

    socket.on('message', (data: RawData) => {
      if (dropped) return
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
      const limited = options.rateLimiter !== undefined && !options.rateLimiter.take(client).ok
      // Refused unparsed for its shape, rate-limited or not: a rate-limit answer per id would parse it.
      const refused = refusedRequest(bytes)
      if (refused !== undefined) return send(refused)
      const text = bytes.toString('utf8')
      if (limited) {
        const refusal = rateLimitedAnswer(text)
        if (refusal !== undefined) send(refusal)
        return
      }
      const context: WsCallContext = { transport: 'ws', activations: [] }
      dispatcher.handle(text, context, overrides).then(
        (answer) => {
          if (answer !== undefined) send(answer)
          for (const activate of context.activations) activate()
        },
        (error: unknown) => log(`ws: dispatch failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      )
    })
    socket.on('close', cancelAll)
    // Oversized messages and protocol errors: ws closes the socket itself (1009, 1002); just note it.
    socket.on('error', (error) => log(`ws: ${error.message}`))
  }

  return {
    handleUpgrade(request, socket, head) {
      server.handleUpgrade(request, socket, head, onConnection)
    },
    async close() {
      clearInterval(keepalive)
      const closing = [...server.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.readyState === WebSocket.CLOSED) return resolve()
            const timer = setTimeout(() => client.terminate(), 1000)
            client.once('close', () => {
              clearTimeout(timer)
              resolve()
            })
            client.close(CLOSE_GOING_AWAY, 'server shutting down')
          }),
      )
      await Promise.all(closing)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
