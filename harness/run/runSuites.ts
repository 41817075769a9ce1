import { join } from 'node:path'
import { createVitest, type Reporter, type Vitest } from 'vitest/node'
import type { CheckResult } from '../report/result.js'
import { RUN_CONFIG_ENV } from './configChannel.js'
import { vitestShard } from './listChecks.js'
import { runnerOptions } from './conformanceProject.js'
import { ResultCollector, type ProgressSink } from './resultCollector.js'
import type { RunConfig } from './runConfig.js'

export interface SuiteOutcome {
  results: CheckResult[]
  /** Set when the run stopped early (signal or --max-time); the results are what ran. */
  interrupted: string | null
  /** Set when --max-failures (--fail-fast) stopped the run: the checks not reached are not-run with this reason. */
  stopped: string | null
  /** Errors outside any check (a suite file that failed to load): they fail the run. */
  errors: string[]
}

/** Why a run stopped early under --max-failures / --fail-fast. */
export function maxFailuresReason(maxFailures: number): string {
  return `the run stopped after ${maxFailures} failed check${maxFailures === 1 ? '' : 's'} (${maxFailures === 1 ? '--fail-fast' : `--max-failures ${maxFailures}`})`
}

/** The run's own SIGINT/SIGTERM listeners, which the removal of vitest's must spare. */
const ownListeners = new WeakSet<(...args: never[]) => void>()

/** vitest, created and waiting for the run's config: made while the target starts (`prepareSuites`). */
export interface PreparedSuites {
  vitest: Vitest
  collector: ResultCollector
  /** Closes vitest without running anything (the target could not be reached). Idempotent. */
  close(): Promise<void>
}

/**
 * Creates vitest for the conformance project (its config resolved, its server and plugins up)
 * before the run's target is known, so that this start-up overlaps the bundled reference's. Nothing
 * runs and nothing is sent until `runSuites`. `reporters` hear the run beside the result collector.
 */
export async function prepareSuites(root: string, progress: ProgressSink | null, slice: Pick<RunConfig, 'shard' | 'maxFailures'>, reporters: Reporter[] = []): Promise<PreparedSuites> {
  const collector = new ResultCollector(progress)
  const inherited = { SIGINT: new Set(process.listeners('SIGINT')), SIGTERM: new Set(process.listeners('SIGTERM')) }
  // vitest's logger exits the process on SIGINT/SIGTERM, and vitest is made while the reference
  // starts, so a Ctrl-C then would end the run with no report: its listeners go as soon as they come.
  const dropSignalListener = (event: string | symbol, listener: (...args: unknown[]) => void): void => {
    if ((event === 'SIGINT' || event === 'SIGTERM') && !ownListeners.has(listener as never)) queueMicrotask(() => process.off(event, listener))
  }
  process.on('newListener', dropSignalListener)
  const vitest = await createVitest(
    'test',
    {
      ...runnerOptions(),
      watch: false,
      // More reporters after the collector: a sharded run's blob (RunBlobReporter).
      reporters: [collector, ...reporters],
      passWithNoTests: true,
      // --shard and --max-failures are vitest's own `shard` and `bail`; both are known from the flags.
      ...vitestShard(slice),
      ...(slice.maxFailures == null ? {} : { bail: slice.maxFailures }),
    },
    { cacheDir: join(root, 'node_modules', '.vite', 'l2conf') },
  ).finally(() => process.off('newListener', dropSignalListener))
  // vitest's logger exits the process on SIGINT/SIGTERM; this run instead cancels and writes its report.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (!inherited[signal].has(listener) && !ownListeners.has(listener)) process.off(signal, listener)
  }
  let closing: Promise<void> | undefined
  return { vitest, collector, close: () => (closing ??= vitest.close()) }
}

/**
 * Runs the conformance suites (the vitest project `conformance`) through vitest's Node API with the
 * run's config, collecting every check's result. SIGINT/SIGTERM or the --max-time bound cancel the run;
 * what ran is still returned, so the report of it can be written. `prepared`: vitest made beforehand
 * (prepareSuites), while the target started. --shard and --max-failures are vitest's own `shard` and
 * `bail`.
 */
export async function runSuites(config: RunConfig, root: string, progress: ProgressSink | null, prepared?: Promise<PreparedSuites>): Promise<SuiteOutcome> {
  process.env[RUN_CONFIG_ENV] = JSON.stringify(config)
  let interrupted: string | null = null
  let suites: PreparedSuites | undefined
  let stopped: string | null = null
  const cancel = (reason: string): void => {
    interrupted ??= reason
    void suites?.vitest.cancelCurrentRun('keyboard-input')
  }
  const onSignal = (signal: NodeJS.Signals): void => cancel(`interrupted by ${signal}`)
  ownListeners.add(onSignal)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const timer = setTimeout(() => cancel(`stopped by --max-time after ${config.maxTimeMs / 1000} s`), config.maxTimeMs)
  try {
    suites = await (prepared ?? prepareSuites(root, progress, config))
    if (interrupted === null) await suites.vitest.start([])
    // vitest's bail cancels the run from the worker; the reporter hears it as an interrupted run.
    const failed = suites.collector.results.filter((result) => result.status === 'failed').length
    if (interrupted === null && config.maxFailures != null && suites.collector.runEnd === 'interrupted' && failed >= config.maxFailures) stopped = maxFailuresReason(config.maxFailures)
  } finally {
    clearTimeout(timer)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    delete process.env[RUN_CONFIG_ENV]
    suites?.collector.finish()
    await suites?.close()
  }
  // Reached only once `suites` is set: a failure to prepare it was thrown above.
  const { collector } = suites
  return { results: collector.results, interrupted, errors: collector.moduleErrors, stopped }
}
