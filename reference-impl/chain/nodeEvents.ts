import type { LogJson } from './logJson.js'

/** eth_syncing's object form (quantities); `false` when not syncing. */
export interface SyncStatus {
  startingBlock: string
  currentBlock: string
  highestBlock: string
}

/** What the node announces, for the transports' subscriptions (newHeads, logs, newPendingTransactions, syncing). */
export interface NodeEventMap {
  /** A new head: the block object without `transactions`. */
  newHead: (header: Record<string, unknown>) => void
  /** The logs of a new block (only emitted when the block has logs). */
  logs: (logs: LogJson[]) => void
  /** The hash of a transaction the node accepted (it is mined at once, in its own block). */
  pendingTransaction: (hash: string) => void
  /** The sync status changed (false: caught up). */
  syncing: (status: false | SyncStatus) => void
}

/**
 * A small typed event emitter. A listener that throws is reported on `onListenerError` and does not
 * stop the other listeners, nor the block production that emitted the event.
 */
export class NodeEvents {
  readonly #listeners = new Map<keyof NodeEventMap, Set<(...args: never[]) => void>>()
  readonly #onListenerError: (event: string, error: unknown) => void

  constructor(onListenerError: (event: string, error: unknown) => void = () => {}) {
    this.#onListenerError = onListenerError
  }

  on<K extends keyof NodeEventMap>(event: K, listener: NodeEventMap[K]): this {
    let set = this.#listeners.get(event)
    if (set === undefined) this.#listeners.set(event, (set = new Set()))
    set.add(listener as (...args: never[]) => void)
    return this
  }

  off<K extends keyof NodeEventMap>(event: K, listener: NodeEventMap[K]): this {
    this.#listeners.get(event)?.delete(listener as (...args: never[]) => void)
    return this
  }

  /** Number of listeners of `event`. */
  listenerCount(event: keyof NodeEventMap): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  emit<K extends keyof NodeEventMap>(event: K, ...args: Parameters<NodeEventMap[K]>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        ;(listener as unknown as (...a: Parameters<NodeEventMap[K]>) => void)(...args)
      } catch (error) {
        this.#onListenerError(event, error)
      }
    }
  }
}
