import type { LogFilter, SubscribeRequest, SubscriptionKind } from './subscribeParams.js'

/**
 * Where the node's events come from: an EventEmitter-like object emitting `newHead` (a block header),
 * `logs` (an array of logs), `pendingTransaction` (a hash) and `syncing` (false or a status object),
 * each payload already in its JSON-RPC form.
 */
export interface SubscriptionSource {
  on(event: NodeEventName, listener: (payload: unknown) => void): unknown
  off(event: NodeEventName, listener: (payload: unknown) => void): unknown
}

/** The node events the subscriptions follow. */
export type NodeEventName = 'newHead' | 'logs' | 'pendingTransaction' | 'syncing'

/** True when a log (JSON-RPC form) passes a `logs` subscription's filter. */
export type LogFilterMatcher = (log: never, filter: LogFilter) => boolean

/** Receives one notification's `result`, already encoded as JSON text. */
export type Deliver = (resultJson: string) => void

/**
 * Fans the node's events out to subscribers, encoding each event once however many subscribers
 * receive it. Transports own the subscribers (a WebSocket connection and its ids).
 */
export interface SubscriptionHub {
  /** Starts delivering events of one kind; returns the function that stops it. */
  subscribe(request: SubscribeRequest, deliver: Deliver): () => void
  /** Stops listening to the source and drops every subscriber. */
  close(): void
}

interface Subscriber {
  deliver: Deliver
  filter: LogFilter | undefined
}

const EVENTS: Record<SubscriptionKind, NodeEventName> = {
  newHeads: 'newHead',
  logs: 'logs',
  newPendingTransactions: 'pendingTransaction',
  syncing: 'syncing',
}

/** eth_subscribe's event streams (newHeads, logs, newPendingTransactions, syncing) over one event source. */
export function createSubscriptionHub(
  source: SubscriptionSource,
  matchesLogFilter: LogFilterMatcher,
  log: (message: string) => void = (message) => console.error(message),
): SubscriptionHub {
  const subscribers: Record<SubscriptionKind, Set<Subscriber>> = {
    newHeads: new Set(),
    logs: new Set(),
    newPendingTransactions: new Set(),
    syncing: new Set(),
  }

  function fanOut(kind: SubscriptionKind, payload: unknown, accept?: (subscriber: Subscriber) => boolean): void {
    const targets = subscribers[kind]
    if (targets.size === 0) return
    let json: string
    try {
      json = JSON.stringify(payload) ?? 'null'
    } catch (error) {
      log(`subscriptions: cannot encode a ${kind} event: ${error instanceof Error ? error.message : String(error)}`)
      return
    }
    for (const subscriber of [...targets]) {
      if (accept !== undefined && !accept(subscriber)) continue
      try {
        subscriber.deliver(json)
      } catch (error) {
        log(`subscriptions: a ${kind} subscriber failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  const listeners: Record<SubscriptionKind, (payload: unknown) => void> = {
    newHeads: (header) => fanOut('newHeads', header),
    newPendingTransactions: (hash) => fanOut('newPendingTransactions', hash),
    syncing: (status) => fanOut('syncing', status),
    // geth sends one notification per log.
    logs: (payload: unknown) => {
      if (subscribers.logs.size === 0) return
      const logs: unknown[] = Array.isArray(payload) ? payload : [payload]
      for (const entry of logs) {
        fanOut('logs', entry, (subscriber) => subscriber.filter === undefined || safeMatch(entry, subscriber.filter))
      }
    },
  }

  function safeMatch(entry: unknown, filter: LogFilter): boolean {
    try {
      return matchesLogFilter(entry as never, filter)
    } catch (error) {
      log(`subscriptions: log filter failed: ${error instanceof Error ? error.message : String(error)}`)
      return false
    }
  }

  for (const kind of Object.keys(EVENTS) as SubscriptionKind[]) source.on(EVENTS[kind], listeners[kind])

  return {
    subscribe(request, deliver) {
      const subscriber: Subscriber = { deliver, filter: request.filter }
      const set = subscribers[request.kind]
      set.add(subscriber)
      return () => {
        set.delete(subscriber)
      }
    },
    close() {
      for (const kind of Object.keys(EVENTS) as SubscriptionKind[]) {
        source.off(EVENTS[kind], listeners[kind])
        subscribers[kind].clear()
      }
    },
  }
}
