import type { Exchange } from './exchange.js'

/** How many notifications a subscription keeps by default (`received`, and those not yet read by `next`). */
export const DEFAULT_NOTIFICATION_CAP = 1000

/** One bounded wait for a notification: its `params.result`, or why there is none. */
export type NextNotification = { value: unknown } | { timedOut: true } | { closed: true }

/**
 * An `eth_subscribe` subscription over WebSocket (requirement RPC-SUBSCRIBE). Iterating yields each
 * notification's `params.result`, and ends when the subscription ends or no notification came for
 * the transport's timeout (never a hang).
 */
export interface Subscription extends AsyncIterable<unknown> {
  /** The id the node answered; null when eth_subscribe did not answer one (see `exchange`). */
  readonly id: string | null
  /** The exchange of the eth_subscribe call. */
  readonly exchange: Exchange
  /** Waits at most `timeoutMs` for the next notification not yet read. */
  next(timeoutMs: number): Promise<NextNotification>
  /** Calls eth_unsubscribe; once it is answered, further notifications for the id count in `lateNotifications`. */
  unsubscribe(): Promise<Exchange>
  /** Notifications for this id that arrived after eth_unsubscribe was answered. */
  readonly lateNotifications: number
  /** All notifications so far (a copy; the oldest dropped past the cap). */
  readonly received: unknown[]
  /** Notifications dropped unread because the buffer was full. */
  readonly dropped: number
}

type State = 'pending' | 'active' | 'unsubscribed' | 'closed'

interface Waiter {
  resolve: (next: NextNotification) => void
  timer: NodeJS.Timeout
}

function onWaitTimeout(subscription: WsSubscription, waiter: Waiter): void {
  subscription.expireWaiter(waiter)
}

/**
 * The state of one subscription, fed by the WebSocket transport's frame router (synchronously, so
 * ordering on the connection is kept: the subscribe answer, then its notifications, then the
 * unsubscribe answer). The buffer is trimmed in halves, so a flood costs amortised O(1) per frame
 * and never more than twice the cap.
 */
export class WsSubscription implements Subscription {
  id: string | null = null
  exchange!: Exchange
  lateNotifications = 0
  /** Who opened it (TransportOptions.captureContext): transcripts file its notifications there. */
  context: unknown
  #dropped = 0
  #state: State = 'pending'
  #buffer: unknown[] = []
  #read = 0
  #waiters: Waiter[] = []
  readonly #cap: number
  readonly #iterationTimeoutMs: number
  readonly #unsubscribe: (subscription: WsSubscription) => Promise<Exchange>

  constructor(cap: number, iterationTimeoutMs: number, unsubscribe: (subscription: WsSubscription) => Promise<Exchange>) {
    this.#cap = cap
    this.#iterationTimeoutMs = iterationTimeoutMs
    this.#unsubscribe = unsubscribe
  }

  get received(): unknown[] {
    return this.#buffer.length > this.#cap ? this.#buffer.slice(-this.#cap) : this.#buffer.slice()
  }

  get dropped(): number {
    return this.#dropped
  }

  get active(): boolean {
    return this.#state === 'active'
  }

  /** eth_unsubscribe was answered: a notification for this id now is one the node should not send. */
  get cancelled(): boolean {
    return this.#state === 'unsubscribed'
  }

  /** The node answered eth_subscribe with `id`. */
  activate(id: string): void {
    this.id = id
    this.#state = 'active'
  }

  /** A notification for this id arrived. */
  notify(result: unknown): void {
    if (this.#state === 'unsubscribed') {
      this.lateNotifications++
      return
    }
    if (this.#state !== 'active') return
    const buffer = this.#buffer
    buffer.push(result)
    const waiter = this.#waiters.shift()
    if (waiter !== undefined) {
      clearTimeout(waiter.timer)
      waiter.resolve({ value: buffer[this.#read++] })
    }
    if (buffer.length > 2 * this.#cap) {
      const drop = buffer.length - this.#cap
      buffer.splice(0, drop)
      if (this.#read < drop) this.#dropped += drop - this.#read
      this.#read = Math.max(0, this.#read - drop)
    }
  }

  /** eth_unsubscribe was answered (or timed out): from now on notifications are late. */
  markUnsubscribed(): void {
    if (this.#state === 'closed' || this.#state === 'unsubscribed') return
    this.#state = 'unsubscribed'
    this.#endWaiters()
  }

  /** The connection closed (or eth_subscribe failed): nothing more will come. */
  close(): void {
    if (this.#state === 'closed') return
    this.#state = 'closed'
    this.#endWaiters()
  }

  next(timeoutMs: number): Promise<NextNotification> {
    if (this.#read < this.#buffer.length) return Promise.resolve({ value: this.#buffer[this.#read++] })
    if (this.#state !== 'active' && this.#state !== 'pending') return Promise.resolve({ closed: true })
    return new Promise<NextNotification>((resolve) => {
      const waiter: Waiter = { resolve, timer: undefined as unknown as NodeJS.Timeout }
      waiter.timer = setTimeout(onWaitTimeout, timeoutMs, this, waiter)
      this.#waiters.push(waiter)
    })
  }

  /** A waiter's time is up. */
  expireWaiter(waiter: Waiter): void {
    const index = this.#waiters.indexOf(waiter)
    if (index === -1) return
    this.#waiters.splice(index, 1)
    waiter.resolve({ timedOut: true })
  }

  unsubscribe(): Promise<Exchange> {
    return this.#unsubscribe(this)
  }

  async *[Symbol.asyncIterator](): AsyncIterator<unknown> {
    for (;;) {
      const next = await this.next(this.#iterationTimeoutMs)
      if (!('value' in next)) return
      yield next.value
    }
  }

  #endWaiters(): void {
    for (const waiter of this.#waiters.splice(0)) {
      clearTimeout(waiter.timer)
      waiter.resolve({ closed: true })
    }
  }
}
