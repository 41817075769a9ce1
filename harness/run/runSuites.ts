import { join } from 'node:path'
import { createVitest, type Vitest } from 'vitest/node'
import type { CheckResult } from '../report/result.js'
import { RUN_CONFIG_ENV } from './configChannel.js'
import { runnerOptions } from './conformanceProject.js'
import { ResultCollector, type ProgressSink } from './resultCollector.js'
import type { RunConfig } from './runConfig.js'

export interface SuiteOutcome {
  results: CheckResult[]
  /** Set when the run stopped early (signal or --max-time); the results are what ran. */
  interrupted: string | null
  /** Errors outside any check (a suite file that failed to load): they fail the run. */
  errors: string[]
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
 * runs and nothing is sent until `runSuites`.
 */
export async function prepareSuites(root: string, progress: ProgressSink | null): Promise<PreparedSuites> {
  const collector = new ResultCollector(progress)
  const inherited = { SIGINT: new Set(process.listeners('SIGINT')), SIGTERM: new Set(process.listeners('SIGTERM')) }
  const vitest = await createVitest(
    'test',
    {
      ...runnerOptions(),
      watch: false,
      reporters: [collector],
      passWithNoTests: true,
    },
    { cacheDir: join(root, 'node_modules', '.vite', 'l2conf') },
  )
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
 * (prepareSuites), while the target started.
 */
export async function runSuites(config: RunConfig, root: string, progress: ProgressSink | null, prepared?: Promise<PreparedSuites>): Promise<SuiteOutcome> {
  process.env[RUN_CONFIG_ENV] = JSON.stringify(config)
  let interrupted: string | null = null
  let suites: PreparedSuites | undefined
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
    suites = await (prepared ?? prepareSuites(root, progress))
    if (interrupted === null) await suites.vitest.start([])
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
  return { results: collector.results, interrupted, errors: collector.moduleErrors }
}
