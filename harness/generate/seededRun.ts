import { createHash } from 'node:crypto'
import * as fc from 'fast-check'

export interface SeededRunOptions {
  /** The seed of this property (see deriveSeed); printed with any failure. */
  seed: number
  /** How many generated inputs to try (`--runs`). */
  runs: number
  /** Replays one failure directly: the `path` a previous failure reported (with the same seed). */
  path?: string
  /** Stops generating after this many milliseconds; a bound, so a slow target never hangs a run. */
  timeLimitMs?: number
}

/** A failed property, as a finding carries it: enough to print, and to replay with `--seed`. */
export interface SeededRunFailure {
  seed: number
  /** fast-check's replay path: `fc.check(property, { seed, path })` re-runs the shrunk case at once. */
  path: string
  /** The shrunk input: the value itself for a one-arbitrary property, else the tuple of values. */
  counterexample: unknown
  /** The counterexample as fast-check prints it (bigints, typed arrays and all). */
  shown: string
  /** Inputs tried before the failure, and shrink steps taken after it. */
  runs: number
  shrinks: number
  /** Why it failed: the thrown error's message (fast-check's own for a property that returned false), or why it gave up. */
  message: string
}

/**
 * Runs a property with a fixed seed and a bounded number of inputs (`--seed N --runs N`) and
 * returns null when it held, or the failure as a plain value: it never throws for a failing
 * property. A run interrupted by `timeLimitMs` before any failure counts as passed.
 * @example
 * const failure = await seededRun(fc.property(quantity(), (q) => q.startsWith('0x')), { seed: 42, runs: 100 })
 */
export async function seededRun<Ts>(property: fc.IRawProperty<Ts>, options: SeededRunOptions): Promise<SeededRunFailure | null> {
  const parameters: fc.Parameters<Ts> = { seed: options.seed, numRuns: options.runs }
  if (options.path !== undefined) parameters.path = options.path
  if (options.timeLimitMs !== undefined) parameters.interruptAfterTimeLimit = options.timeLimitMs
  const details = await fc.check(property, parameters)
  if (!details.failed) return null
  const tuple = details.counterexample
  const counterexample = tuple !== null && Array.isArray(tuple) && tuple.length === 1 ? tuple[0] : tuple
  return {
    seed: details.seed,
    path: details.counterexamplePath ?? '',
    counterexample,
    shown: tuple === null ? '(none)' : fc.stringify(counterexample),
    runs: details.numRuns,
    shrinks: details.numShrinks,
    message: failureMessage(details),
  }
}

function failureMessage<Ts>(details: fc.RunDetails<Ts>): string {
  if (details.counterexample === null) return `gave up: ${details.numSkips} inputs skipped by preconditions before ${details.numRuns} ran`
  const error: unknown = details.errorInstance
  if (error instanceof Error) return error.message
  return String(error ?? 'the property failed')
}

/**
 * The seed of one check, derived from the run's seed (`--seed`) and the check's id: stable, so
 * skipping, adding or reordering checks never changes another check's inputs. A non-negative
 * 31-bit integer, as fast-check takes it.
 * @example deriveSeed(42, 'standard.eth_getBalance.generated') // the same number on every machine
 */
export function deriveSeed(runSeed: number, checkId: string): number {
  const digest = createHash('sha256').update(`${runSeed}\u0000${checkId}`).digest()
  return digest.readUInt32BE(0) >>> 1
}
