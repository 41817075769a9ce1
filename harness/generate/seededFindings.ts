import * as fc from 'fast-check'
import { boundedJson } from '../checks/boundedJson.js'
import { errorText } from '../checks/outcomeOf.js'
import type { Finding, UntypedFinding } from '../checks/finding.js'
import { seededRun } from './seededRun.js'
import { gotNoAnswer as unanswered } from '../transport/transportHealth.js'

export interface SeededFindingsOptions {
  /** The property's seed (deriveSeed of the run seed and the check id). */
  seed: number
  runs: number
  /** The run's own seed, printed as the `--seed` that replays the failure. */
  runSeed: number
  /** What the generated input is, for the message ("params", "range"). */
  inputName: string
  timeLimitMs?: number
  /** Inputs judged side by side at most (the run's --concurrency; default 8): their calls still pass the run's request gate. */
  parallel?: number
}

const DEFAULT_PARALLEL = 8

/**
 * Runs a seeded property whose judge returns findings (empty = held) and answers the findings of the
 * shrunk counterexample, with the input, the seed and fast-check's replay path, or [] when it held.
 * Sound by construction: a judge that throws is a finding naming the exception, and a property that
 * failed without any recorded finding still fails with fast-check's own message; it never passes.
 *
 * The inputs are judged side by side first (`parallel` at a time): they are exactly those fast-check's
 * run of the same seed tries, generated as they are judged, and their calls go through the run's
 * request gate, which bounds what the target sees (--concurrency, --rate). Against a remote node the round trips then overlap instead
 * of adding up. When every input held, that is the verdict; when one did not, fast-check's own run
 * (one input after another) shrinks it to the smallest failing case, and if the target then answers
 * every input well, the failure first seen is reported as it was, unshrunk: a failure seen is never
 * dropped. With `timeLimitMs`, fast-check's run alone (bounded by time) decides.
 * @example probe.add(await seededFindings(params(), async (p) => checkIsError(await call(p), 'why'), options))
 */
export async function seededFindings<T>(
  arbitrary: fc.Arbitrary<T>,
  judge: (input: T) => Promise<readonly UntypedFinding[]>,
  options: SeededFindingsOptions,
): Promise<Finding[]> {
  const judged = async (input: T): Promise<readonly UntypedFinding[]> => {
    try {
      return await judge(input)
    } catch (error) {
      return [{ kind: 'check-crashed', message: `the check's judge threw on this input (${errorText(error)}), so it cannot vouch for the answer` }]
    }
  }
  let seen: { input: T; findings: readonly UntypedFinding[] } | undefined
  if (options.timeLimitMs === undefined) {
    const sideBySide = await firstFailing(arbitrary, judged, {
      seed: options.seed,
      runs: options.runs,
      parallel: Math.max(1, options.parallel ?? DEFAULT_PARALLEL),
    })
    if (sideBySide === 'held') return []
    // 'unfinished' (the inputs could not all be generated): fast-check's own run below says why.
    if (sideBySide !== 'unfinished') seen = sideBySide
    // Nothing is shrunk against a target that gave no answer: smaller inputs would "fail" only because
    // it stays silent, and the input reported would not be the one it fell silent on.
    if (seen !== undefined && seen.findings.every(gotNoAnswer)) {
      const first = seen.findings[0]!
      return [
        {
          ...first,
          kind: first.kind ?? 'violation',
          message: `${first.message}; ${options.inputName} ${boundedJson(seen.input, 200)} (--seed ${options.runSeed} replays it; fast-check seed ${options.seed}; not shrunk: the target gave no answer to it)`,
        },
      ]
    }
  }
  let witness: readonly UntypedFinding[] = []
  const property = fc.asyncProperty(arbitrary, async (input) => {
    const findings = await judged(input)
    // An input the target gave no answer to says nothing of the property: shrinking never settles on one.
    if (findings.length > 0 && findings.every(gotNoAnswer)) return true
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
    return [
      {
        kind: 'check-crashed',
        message: `the generated run could not complete (${errorText(error)}); fast-check seed ${options.seed}, --seed ${options.runSeed}`,
      },
    ]
  }
  if (failure === null) {
    if (seen === undefined) return []
    const first = seen.findings[0]!
    const replay = `${options.inputName} ${boundedJson(seen.input, 200)} (--seed ${options.runSeed} replays it; fast-check seed ${options.seed}; not shrunk: the target answered this input well when it was tried again)`
    return [{ ...first, kind: first.kind ?? 'violation', message: `${first.message}; ${replay}` }]
  }
  const replay = `${options.inputName} ${boundedJson(failure.counterexample, 200)} (--seed ${options.runSeed} replays it; fast-check seed ${failure.seed}, path ${failure.path})`
  const first = witness[0]
  if (first === undefined)
    return [{ kind: 'violation', message: `the property failed without a recorded finding: ${failure.message.slice(0, 300)}; ${replay}` }]
  return [{ ...first, kind: first.kind ?? 'violation', message: `${first.message}; ${replay}` }]
}

/**
 * Judges the inputs fast-check's run of `seed` tries, in its order, at most `parallel` at a time: the
 * run's property only hands each input to a judge once a place is free, so inputs are generated as
 * they are judged (a deep --runs never holds them all), and once one failed the rest are not judged.
 * Answers the failing input first in that order, 'held' when every input held, or 'unfinished' when
 * the run could not generate them all.
 */
/** A finding about a request that got no answer (or was never sent: its transport was judged unusable). */
function gotNoAnswer(finding: UntypedFinding): boolean {
  return (finding.exchange?.failure?.code as string | undefined) === 'L2CONF_ERR_UNUSABLE' || unanswered(finding.exchange)
}

async function firstFailing<T>(
  arbitrary: fc.Arbitrary<T>,
  judged: (input: T) => Promise<readonly UntypedFinding[]>,
  options: { seed: number; runs: number; parallel: number },
): Promise<{ input: T; findings: readonly UntypedFinding[] } | 'held' | 'unfinished'> {
  type Failed = { index: number; input: T; findings: readonly UntypedFinding[] }
  let failed: Failed | undefined
  // Read through a function: the compiler does not follow the judges' assignments across an await.
  const failedSoFar = (): Failed | undefined => failed
  const running = new Set<Promise<void>>()
  let index = 0
  const handOut = fc.asyncProperty(arbitrary, async (input) => {
    if (failedSoFar() !== undefined) return true
    while (running.size >= options.parallel) await Promise.race(running)
    const at = index++
    const job: Promise<void> = judged(input).then((findings) => {
      const earlier = failedSoFar()
      if (findings.length > 0 && (earlier === undefined || at < earlier.index)) failed = { index: at, input, findings }
      running.delete(job)
    })
    running.add(job)
    return true
  })
  let finished: boolean
  try {
    finished = !(await fc.check(handOut, { seed: options.seed, numRuns: options.runs })).failed
  } catch {
    // An arbitrary that throws while generating: fast-check's own run reports it.
    finished = false
  }
  await Promise.all(running)
  const found = failedSoFar()
  if (found !== undefined) return { input: found.input, findings: found.findings }
  return finished ? 'held' : 'unfinished'
}
