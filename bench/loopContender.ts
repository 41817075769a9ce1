import type { LoopResult } from './closedLoop.js'
import type { Contender } from './interleavedRounds.js'

/** Which round is run (warm-up rounds are not recorded). */
export interface RoundInfo {
  index: number
  warmup: boolean
}

/**
 * A contender whose round is one closed-loop run: its figure is operations per second times
 * `perOperation` (e.g. 100 for blocks per second when each request returns 100 blocks). It keeps
 * count of wrong answers and bytes over all its rounds, so a figure built on errors is never
 * printed without saying so.
 * @example new LoopContender('anvil', () => load.run({ body, check, durationMs: 3000 }))
 */
export class LoopContender implements Contender {
  readonly name: string
  readonly #runLoop: (round: RoundInfo) => Promise<LoopResult & { bytes?: number }>
  readonly #perOperation: number
  operations = 0
  errors = 0
  firstError: string | undefined
  bytes = 0

  constructor(name: string, runLoop: (round: RoundInfo) => Promise<LoopResult & { bytes?: number }>, perOperation = 1) {
    this.name = name
    this.#runLoop = runLoop
    this.#perOperation = perOperation
  }

  async round(round: RoundInfo): Promise<number> {
    const result = await this.#runLoop(round)
    this.operations += result.operations
    this.errors += result.errors
    this.firstError ??= result.firstError
    this.bytes += result.bytes ?? 0
    return (result.operations * this.#perOperation) / result.seconds
  }

  /** Mean answer size in bytes (when the loop counts bytes). */
  get bytesPerOperation(): number {
    return this.operations === 0 ? 0 : this.bytes / this.operations
  }

  /** '' when every answer was right; else a note naming how many were wrong and the first reason. */
  errorNote(): string {
    return this.errors === 0 ? '' : ` | WARNING ${this.name}: ${this.errors} of ${this.operations} answers wrong (first: ${this.firstError ?? '?'})`
  }
}
