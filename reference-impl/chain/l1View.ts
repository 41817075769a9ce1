import { L1_ANCHOR } from './chainConstants.js'
import { fetchL1Head } from './fetchL1Head.js'
import type { L1Head } from './l1Head.js'
import { simulatedL1Head } from './simulatedL1Head.js'

/** Where the layer-1 head currently comes from. */
export type L1Source = 'simulated' | 'rpc' | 'rpc-fallback'

export interface L1ViewOptions {
  /** A real layer-1 JSON-RPC endpoint to poll; without one the layer-1 head is simulated. */
  rpcUrl?: string
  timeoutMs?: number
  /** Where to say that the layer-1 node stopped (or started again) answering. */
  warn: (message: string) => void
}

/**
 * The node's knowledge of layer 1 (rollup_getInfo ethContext, rollup_gasPrices l1GasPrice).
 *
 * Without `rpcUrl` the head advances one block every 12 seconds of the node's clock from a fixed
 * anchor, with a drifting gas price. With `rpcUrl` each refresh polls the real node (timeout
 * `timeoutMs`); when it does not answer, the view falls back, and says so once, to the simulated clock
 * continuing from the last real head (or from the anchor if none was ever read), and returns to the
 * real node when it answers again. With a real node that never answered, the simulation starts at
 * block 0 when the first poll fails. The head never goes backwards: a real head behind the simulated
 * one is ignored until it catches up.
 */
export class L1View {
  readonly #options: L1ViewOptions
  #head: L1Head
  #anchor: { number: number; timestamp: number; gasPrice?: bigint } | undefined
  #source: L1Source
  #lastError: string | undefined

  constructor(options: L1ViewOptions) {
    this.#options = options
    // Simulated: a fixed anchor. Real: nothing known until the first poll (head 0).
    this.#anchor = options.rpcUrl === undefined ? { ...L1_ANCHOR } : undefined
    this.#head = this.#anchor === undefined ? { number: 0, timestamp: 0, gasPrice: 0n } : simulatedL1Head(this.#anchor, L1_ANCHOR.timestamp)
    this.#source = options.rpcUrl === undefined ? 'simulated' : 'rpc-fallback'
  }

  get head(): L1Head {
    return this.#head
  }

  get source(): L1Source {
    return this.#source
  }

  /** Why the real layer-1 node was last not used, if it was not. */
  get lastError(): string | undefined {
    return this.#lastError
  }

  /** Brings the head up to `nowSeconds` (polling the real node when there is one). */
  async refresh(nowSeconds: number): Promise<void> {
    const url = this.#options.rpcUrl
    if (url !== undefined) {
      try {
        const real = await fetchL1Head(url, this.#options.timeoutMs ?? 2_000)
        if (real.number >= this.#head.number) {
          if (this.#source !== 'rpc') this.#options.warn(`l1: using the layer-1 node at ${url} (block ${real.number})`)
          this.#source = 'rpc'
          this.#lastError = undefined
          this.#head = real
          this.#anchor = real
          return
        }
        this.#fallBack(`the layer-1 node at ${url} is at block ${real.number}, behind the head ${this.#head.number} already reported`)
      } catch (error) {
        this.#fallBack(`the layer-1 node at ${url} did not answer: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    // Never read a real head: simulate from where the view stands now.
    this.#anchor ??= { number: this.#head.number, timestamp: nowSeconds }
    const next = simulatedL1Head(this.#anchor, nowSeconds)
    if (this.#anchor.gasPrice !== undefined) next.gasPrice = this.#anchor.gasPrice
    if (next.number >= this.#head.number) this.#head = next
  }

  #fallBack(reason: string): void {
    if (this.#source !== 'rpc-fallback' || this.#lastError === undefined) {
      this.#options.warn(`l1: ${reason}; the layer-1 head advances on the simulated 12-second clock from block ${this.#head.number} until it answers`)
    }
    this.#source = 'rpc-fallback'
    this.#lastError = reason
  }
}
