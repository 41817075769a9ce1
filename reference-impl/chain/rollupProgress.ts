import { BATCH_MAX_SECONDS, BATCH_MAX_TRANSACTIONS } from './chainConstants.js'

/** A batch of layer-2 transactions posted to layer 1: the last canonical-chain index it holds. */
export interface PostedBatch {
  lastIndex: number
  timestamp: number
}

/**
 * The rollup's progress counters (rollup_getInfo rollupContext) and its batch rule: a batch is posted
 * when BATCH_MAX_TRANSACTIONS transactions wait, or when the oldest waiting transaction has waited
 * BATCH_MAX_SECONDS. Like l2geth, a counter with nothing behind it yet reads 0.
 */
export class RollupProgress {
  #lastIndex: number | undefined
  #lastQueueIndex: number | undefined
  #verifiedIndex: number | undefined
  #waitingSince: number | undefined
  #batches = 0

  /** A layer-2 transaction at canonical index `index` was executed at `timestamp` (seconds). */
  noteTransaction(index: number, timestamp: number, queueIndex: number | null): void {
    this.#lastIndex = index
    if (queueIndex !== null) this.#lastQueueIndex = queueIndex
    this.#waitingSince ??= timestamp
  }

  /** The batch the rule asks for at `nowSeconds`, if any (count rule, then age rule). */
  dueBatch(nowSeconds: number): PostedBatch | undefined {
    if (this.#lastIndex === undefined || this.#waitingSince === undefined) return undefined
    const waiting = this.#lastIndex - (this.#verifiedIndex ?? -1)
    if (waiting <= 0) return undefined
    if (waiting >= BATCH_MAX_TRANSACTIONS || nowSeconds - this.#waitingSince >= BATCH_MAX_SECONDS) return { lastIndex: this.#lastIndex, timestamp: nowSeconds }
    return undefined
  }

  /** Records a posted batch: verifiedIndex moves to its last index. */
  notePosted(batch: PostedBatch): void {
    if (this.#verifiedIndex !== undefined && batch.lastIndex <= this.#verifiedIndex) return
    this.#verifiedIndex = batch.lastIndex
    this.#batches++
    this.#waitingSince = this.#lastIndex !== undefined && this.#lastIndex > batch.lastIndex ? batch.timestamp : undefined
  }

  /** rollupContext as rollup_getInfo reports it (plain integers; 0 before the first of each). */
  get context(): { index: number; queueIndex: number; verifiedIndex: number } {
    return { index: this.#lastIndex ?? 0, queueIndex: this.#lastQueueIndex ?? 0, verifiedIndex: this.#verifiedIndex ?? 0 }
  }

  /** Next queue index to ingest. */
  get nextQueueIndex(): number {
    return this.#lastQueueIndex === undefined ? 0 : this.#lastQueueIndex + 1
  }

  get batchesPosted(): number {
    return this.#batches
  }
}
