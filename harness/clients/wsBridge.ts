import type { Exchange } from '../transport/exchange.js'
import type { Subscription, WsTransport } from '../transport/wsTransport.js'

/** Notifications a bridge keeps as evidence (the newest). */
const KEPT_NOTIFICATIONS = 256
/** How often a subscription's pump looks whether the bridge was closed while no notification came. */
const PUMP_POLL_MS = 250

/** One notification the target pushed for a subscription a library opened: the raw `params.result`. */
export interface PushedNotification {
  subscription: string
  result: unknown
  at: number
}

/** A frame the bridge hands the library: an answer to its request, or an `eth_subscription` notification. */
export type BridgeMessage = Record<string, unknown>

/**
 * A client library's WebSocket, carried by one connection of the run's own (context.openWs): the
 * library's requests go through the run's transport (the request gate, --timeout, --header, TLS,
 * the transcript) with the library's own ids, and its subscriptions are the transport's own
 * subscriptions (`eth_subscribe`/`eth_unsubscribe` through WsTransport.subscribe), so the run counts
 * their notifications as asked for, never as unsolicited frames. Closing it cancels what the library
 * left subscribed and closes the connection.
 */
export class WsBridge {
  readonly #ws: WsTransport
  readonly #subscriptions = new Map<string, Subscription>()
  readonly #listeners = new Set<(message: BridgeMessage) => void>()
  readonly #exchanges: Exchange[] = []
  readonly #notifications: PushedNotification[] = []
  #closed = false

  constructor(ws: WsTransport) {
    this.#ws = ws
  }

  get url(): string {
    return this.#ws.url
  }

  /** Listens to what the target pushes for the library's subscriptions (as `eth_subscription` frames). */
  onMessage(listener: (message: BridgeMessage) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Sends one request of the library (an object with its id) and resolves to the target's answer with
   * that id. `eth_subscribe` opens a subscription of the transport and `eth_unsubscribe` of one it
   * opened cancels it. Rejects when no answer came (the harness's reason), or once the bridge is closed.
   */
  async request(body: Record<string, unknown>): Promise<BridgeMessage> {
    if (this.#closed) throw new Error('the check using this client has ended: nothing more is sent')
    const params = Array.isArray(body.params) ? body.params : []
    if (body.method === 'eth_subscribe') return this.#subscribe(body, params)
    const held = body.method === 'eth_unsubscribe' && typeof params[0] === 'string' ? this.#subscriptions.get(params[0]) : undefined
    if (held !== undefined) {
      this.#subscriptions.delete(params[0] as string)
      return this.#answer(await held.unsubscribe(), body)
    }
    return this.#answer(await this.#ws.send(body), body)
  }

  /** Every exchange the library made over this connection, oldest first. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges
  }

  /** The notifications the target pushed for the library's subscriptions, oldest first (the newest KEPT_NOTIFICATIONS). */
  get notifications(): readonly PushedNotification[] {
    return this.#notifications
  }

  /** Cancels the subscriptions the library left open (bounded by --timeout each) and closes the connection. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const open = [...this.#subscriptions.values()]
    this.#subscriptions.clear()
    await Promise.allSettled(open.map((subscription) => subscription.unsubscribe()))
    await this.#ws.close()
  }

  async #subscribe(body: Record<string, unknown>, params: unknown[]): Promise<BridgeMessage> {
    const subscription = await this.#ws.subscribe(params)
    const answer = this.#answer(subscription.exchange, body)
    if (subscription.id !== null) {
      this.#subscriptions.set(subscription.id, subscription)
      void this.#pump(subscription, subscription.id)
    }
    return answer
  }

  /** The answer of an exchange, with the library's id; a rejection when there is none. */
  #answer(exchange: Exchange, body: Record<string, unknown>): BridgeMessage {
    this.#exchanges.push(exchange)
    const response = exchange.response
    if (exchange.failure !== undefined || response === null || typeof response !== 'object' || Array.isArray(response)) {
      const failure = exchange.failure ?? { code: 'L2CONF_ERR_BAD_RESPONSE', message: 'the answer is not a JSON-RPC response object' }
      throw new Error(`${failure.code}: ${failure.message}`)
    }
    // A copy: a library may change what it is handed (web3 formats in place), and the exchange is evidence.
    return { ...(structuredClone(response) as BridgeMessage), id: body.id }
  }

  /** Hands each notification of `subscription` to the library until it is cancelled or the bridge closes. */
  async #pump(subscription: Subscription, id: string): Promise<void> {
    while (!this.#closed) {
      const next = await subscription.next(PUMP_POLL_MS)
      if ('closed' in next) return
      if (!('value' in next)) continue
      this.#notifications.push({ subscription: id, result: next.value, at: Date.now() })
      if (this.#notifications.length > KEPT_NOTIFICATIONS) this.#notifications.shift()
      const message: BridgeMessage = { jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: id, result: structuredClone(next.value) } }
      for (const listener of this.#listeners) {
        try {
          listener(structuredClone(message))
        } catch {
          // A library's handler that throws is the library's failure, seen by the check through what it did not do.
        }
      }
    }
  }
}
