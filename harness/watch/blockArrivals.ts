/** Block numbers remembered for lag and agreement (bounded: a watch runs for days). */
export const ARRIVALS_REMEMBERED = 256

/** What one target's announcement of a block tells about the others. */
export interface Arrival {
  /** Seconds after the first target that announced this block (0 for the first). */
  lateS: number
  /** Targets that announced another hash for the same number, with theirs. */
  disagrees: Array<{ target: string; hash: string }>
}

/**
 * When each watched target first announced each block, across targets (the figure node-monitor
 * exports: how late each node sees each block), and whether they agree on its hash.
 */
export class BlockArrivals {
  readonly #blocks = new Map<number, { first: number; hashes: Map<string, string> }>()

  /** `target` announced block `number` with `hash` at `at` (ms). */
  record(target: string, number: number, hash: string, at: number): Arrival {
    let block = this.#blocks.get(number)
    if (block === undefined) {
      block = { first: at, hashes: new Map() }
      this.#blocks.set(number, block)
      if (this.#blocks.size > ARRIVALS_REMEMBERED) this.#blocks.delete(this.#blocks.keys().next().value as number)
    }
    const disagrees = [...block.hashes]
      .filter(([other, theirs]) => other !== target && theirs !== hash)
      .map(([other, theirs]) => ({ target: other, hash: theirs }))
    if (!block.hashes.has(target)) block.hashes.set(target, hash)
    return { lateS: Math.max(0, at - block.first) / 1000, disagrees }
  }
}
