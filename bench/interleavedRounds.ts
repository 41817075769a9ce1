/** One side of a comparison: runs one round and returns its figure (e.g. requests per second). */
export interface Contender {
  name: string
  /** `index` counts measured rounds from 0; the warm-up round has index -1. */
  round(round: { index: number; warmup: boolean }): Promise<number>
}

/** How many rounds, and whether each contender first runs one unrecorded warm-up round. */
export interface RoundsOptions {
  rounds: number
  warmup?: boolean
}

/**
 * Runs the contenders side by side in interleaved rounds (A B A B ...: round 1 of each, then round 2
 * of each, ...), so load from other jobs on the machine falls on all of them alike, and returns each
 * contender's figures by name (warm-up rounds not included). Contenders run one at a time, never
 * together. Take the median of the figures: one disturbed round does not move it.
 * @example const figures = await interleavedRounds([reference, anvil], { rounds: 5, warmup: true })
 */
export async function interleavedRounds(contenders: readonly Contender[], options: RoundsOptions): Promise<Map<string, number[]>> {
  const figures = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]))
  if (options.warmup !== false) {
    for (const contender of contenders) await contender.round({ index: -1, warmup: true })
  }
  for (let index = 0; index < options.rounds; index++) {
    for (const contender of contenders) {
      figures.get(contender.name)?.push(await contender.round({ index, warmup: false }))
    }
  }
  return figures
}
