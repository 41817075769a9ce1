import { startReference, type ReferenceHandle } from '../harness/reference/startReference.js'
import type { AnvilHandle } from '../test/nodes/startAnvil.js'
import { fillAnvil } from './fillAnvil.js'
import { startSilentAnvil } from './startSilentAnvil.js'

/**
 * The two nodes the benchmarks compare, started once per run and only when a selected benchmark asks
 * for them: the bundled reference as a separate process (`--history N`: N blocks of one real EVM
 * transaction each) and Anvil (`--silent --no-mining`, filled with N blocks of one ETH transfer each),
 * so both serve the same number of blocks of the same shape from their own process and port, and
 * neither writes anything per request.
 */
export class BenchTargets {
  /** Blocks of history on each node. */
  readonly history: number
  readonly #print: (line: string) => void
  #reference: Promise<ReferenceHandle> | undefined
  #anvil: Promise<AnvilHandle> | undefined

  constructor(history: number, print: (line: string) => void) {
    this.history = history
    this.#print = print
  }

  /** The reference node, started on first use. */
  reference(): Promise<ReferenceHandle> {
    this.#reference ??= (async () => {
      const started = performance.now()
      const handle = await startReference({ args: ['--history', String(this.history)], timeoutMs: 300_000 })
      this.#print(
        `setup: reference started with --history ${this.history} in ${seconds(started)} (blocks 1..${this.history}: one EVM transaction each; ${handle.rpc})`,
      )
      return handle
    })()
    return this.#reference
  }

  /** Anvil with the same number of one-transaction blocks, started on first use. */
  anvil(): Promise<AnvilHandle> {
    this.#anvil ??= (async () => {
      const started = performance.now()
      const handle = await startSilentAnvil(['--no-mining'])
      try {
        await fillAnvil(handle.rpc, this.history)
      } catch (error) {
        await handle.stop()
        throw error
      }
      this.#print(
        `setup: anvil (--silent --no-mining) started and given ${this.history} blocks of one ETH transfer each in ${seconds(started)} (${handle.rpc})`,
      )
      return handle
    })()
    return this.#anvil
  }

  /** Stops whichever nodes were started. */
  async stop(): Promise<void> {
    const stops: Array<Promise<void>> = []
    if (this.#reference !== undefined)
      stops.push(
        this.#reference.then(
          (handle) => handle.stop(),
          () => undefined,
        ),
      )
    if (this.#anvil !== undefined)
      stops.push(
        this.#anvil.then(
          (handle) => handle.stop(),
          () => undefined,
        ),
      )
    await Promise.all(stops)
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
