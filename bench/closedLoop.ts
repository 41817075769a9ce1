/** What a closed-loop run did. */
export interface LoopResult {
  /** Operations that completed (answered, whatever the answer). */
  operations: number
  /** Operations whose answer was wrong (the `once` function said why). */
  errors: number
  /** The first reason given, as evidence. */
  firstError: string | undefined
  /** From the first start to the last completion. */
  seconds: number
}

/**
 * A closed loop: `concurrency` workers, each starting its next operation as soon as its previous one
 * settled, until `durationMs` has passed (the offered load is the concurrency, not a rate). `once`
 * resolves to undefined for a good answer or to the reason it was wrong; a rejection counts as wrong.
 * Every load in bench/ runs through this one loop, so what is compared differs only in `once`.
 * @example await closedLoop(8, 3000, async () => ((await fetch(url)).ok ? undefined : 'not ok'))
 */
export async function closedLoop(concurrency: number, durationMs: number, once: (worker: number) => Promise<string | undefined>): Promise<LoopResult> {
  const result: LoopResult = { operations: 0, errors: 0, firstError: undefined, seconds: 0 }
  const started = performance.now()
  const deadline = started + durationMs
  const worker = async (index: number): Promise<void> => {
    while (performance.now() < deadline) {
      let wrong: string | undefined
      try {
        wrong = await once(index)
      } catch (error) {
        wrong = error instanceof Error ? error.message : String(error)
      }
      result.operations++
      if (wrong !== undefined) {
        result.errors++
        result.firstError ??= wrong
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)))
  result.seconds = (performance.now() - started) / 1000
  return result
}
