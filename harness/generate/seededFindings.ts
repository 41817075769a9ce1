import * as fc from 'fast-check'
import { boundedJson } from '../checks/boundedJson.js'
import { errorText } from '../checks/outcomeOf.js'
import type { Finding, UntypedFinding } from '../checks/finding.js'
import { seededRun } from './seededRun.js'

export interface SeededFindingsOptions {
  /** The property's seed (deriveSeed of the run seed and the check id). */
  seed: number
  runs: number
  /** The run's own seed, printed as the `--seed` that replays the failure. */
  runSeed: number
  /** What the generated input is, for the message ("params", "range"). */
  inputName: string
  timeLimitMs?: number
}

/**
 * Runs a seeded property whose judge returns findings (empty = held) and answers the findings of the
 * shrunk counterexample, with the input, the seed and fast-check's replay path, or [] when it held.
 * Sound by construction: a judge that throws is a finding naming the exception, and a property that
 * failed without any recorded finding still fails with fast-check's own message; it never passes.
 * @example probe.add(await seededFindings(params(), async (p) => checkIsError(await call(p), 'why'), options))
 */
export async function seededFindings<T>(arbitrary: fc.Arbitrary<T>, judge: (input: T) => Promise<readonly UntypedFinding[]>, options: SeededFindingsOptions): Promise<Finding[]> {
  let witness: readonly UntypedFinding[] = []
  const property = fc.asyncProperty(arbitrary, async (input) => {
    let findings: readonly UntypedFinding[]
    try {
      findings = await judge(input)
    } catch (error) {
      findings = [{ kind: 'check-crashed', message: `the check's judge threw on this input (${errorText(error)}), so it cannot vouch for the answer` }]
    }
    // Keep the findings of the last failing input: after shrinking, that is the reported counterexample.
    if (findings.length > 0) witness = findings
    return findings.length === 0
  })
  const runOptions: Parameters<typeof seededRun>[1] = { seed: options.seed, runs: options.runs }
  if (options.timeLimitMs !== undefined) runOptions.timeLimitMs = options.timeLimitMs
  let failure: Awaited<ReturnType<typeof seededRun>>
  try {
    failure = await seededRun(property, runOptions)
  } catch (error) {
    return [{ kind: 'check-crashed', message: `the generated run could not complete (${errorText(error)}); fast-check seed ${options.seed}, --seed ${options.runSeed}` }]
  }
  if (failure === null) return []
  const replay = `${options.inputName} ${boundedJson(failure.counterexample, 200)} (--seed ${options.runSeed} replays it; fast-check seed ${failure.seed}, path ${failure.path})`
  const first = witness[0]
  if (first === undefined) return [{ kind: 'violation', message: `the property failed without a recorded finding: ${failure.message.slice(0, 300)}; ${replay}` }]
  return [{ ...first, kind: first.kind ?? 'violation', message: `${first.message}; ${replay}` }]
}
