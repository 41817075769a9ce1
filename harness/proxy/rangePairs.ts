import type { Exchange } from '../transport/exchange.js'

/** How many eth_getBlockRange answers wait for their other form (false/true) at most: the oldest goes first. */
export const RANGE_PAIRS_KEPT = 8
/** An answer larger than this (bytes as received) is not kept to be paired: memory stays bounded under any traffic. */
export const RANGE_PAIR_MAX_BYTES = 1024 * 1024

/** One eth_getBlockRange answer of a numeric range, in one form (hashes or full transactions). */
export interface RangeAnswer {
  exchange: Exchange
  blocks: readonly unknown[]
}

/**
 * eth_getBlockRange answers waiting for the same numeric range in the other form, so RANGE-FULLTX
 * ("the same transactions either way") can be judged from live traffic as the suite judges it:
 * the pair of a false and a true call. Bounded: a few ranges, small answers only.
 */
export class RangePairs {
  readonly #waiting = new Map<string, { full: boolean; answer: RangeAnswer }>()

  /**
   * Offers one answer; returns the pair (hashes and full) when the other form of the same range was
   * waiting, else null (this one then waits, if small enough).
   */
  offer(start: number, end: number, full: boolean, answer: RangeAnswer): { hashes: RangeAnswer; full: RangeAnswer } | null {
    const key = `${start}:${end}`
    const other = this.#waiting.get(key)
    if (other !== undefined && other.full !== full) {
      this.#waiting.delete(key)
      return full ? { hashes: other.answer, full: answer } : { hashes: answer, full: other.answer }
    }
    if ((answer.exchange.responseBytes ?? Infinity) > RANGE_PAIR_MAX_BYTES) return null
    this.#waiting.delete(key)
    this.#waiting.set(key, { full, answer })
    if (this.#waiting.size > RANGE_PAIRS_KEPT) this.#waiting.delete(this.#waiting.keys().next().value as string)
    return null
  }

  get size(): number {
    return this.#waiting.size
  }
}
