import { join } from 'node:path'
import { createVitest, type Vitest } from 'vitest/node'
import type { CheckResult } from '../report/result.js'
import { RUN_CONFIG_ENV } from './configChannel.js'
import { runnerOptions } from './conformanceProject.js'
import { vitestShard } from './listChecks.js'
import { ResultCollector, type ProgressSink } from './resultCollector.js'
import type { RunConfig } from './runConfig.js'

export interface SuiteOutcome {
  results: CheckResult[]
  /** Set when the run stopped early (signal or --max-time); the results are what ran. */
  interrupted: string | null
  /** Errors outside any check (a suite file that failed to load): they fail the run. */
  errors: string[]
  /** Set when --max-failures (--fail-fast) stopped the run: the checks not reached are not-run with this reason. */
  stopped: string | null
}

/** Why a run stopped early under --max-failures / --fail-fast. */
export function maxFailuresReason(maxFailures: number): string {
  return `the run stopped after ${maxFailures} failed check${maxFailures === 1 ? '' : 's'} (${maxFailures === 1 ? '--fail-fast' : `--max-failures ${maxFailures}`})`
}

/**
 * Runs the conformance suites (the vitest project `conformance`) through vitest's Node API with the
 * run's config, collecting every check's result. SIGINT/SIGTERM or the --max-time bound cancel the run;
 * what ran is still returned, so the report of it can be written. --shard and --max-failures are
 * vitest's own `shard` and `bail`.
 */
export async function runSuites(config: RunConfig, root: string, progress: ProgressSink | null): Promise<SuiteOutcome> {
  process.env[RUN_CONFIG_ENV] = JSON.stringify(config)
  const collector = new ResultCollector(progress)
  let interrupted: string | null = null
  let stopped: string | null = null
  let vitest: Vitest | undefined
  const cancel = (reason: string): void => {
    interrupted ??= reason
    void vitest?.cancelCurrentRun('keyboard-input')
  }
  const onSignal = (signal: NodeJS.Signals): void => cancel(`interrupted by ${signal}`)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const timer = setTimeout(() => cancel(`stopped by --max-time after ${config.maxTimeMs / 1000} s`), config.maxTimeMs)
  const inherited = { SIGINT: new Set(process.listeners('SIGINT')), SIGTERM: new Set(process.listeners('SIGTERM')) }
  try {
    vitest = await createVitest(
      'test',
      {
        ...runnerOptions(),
        watch: false,
        reporters: [collector],
        passWithNoTests: true,
        ...vitestShard(config),
        ...(config.maxFailures == null ? {} : { bail: config.maxFailures }),
      },
      { cacheDir: join(root, 'node_modules', '.vite', 'l2conf') },
    )
    // vitest's logger exits the process on SIGINT/SIGTERM; this run instead cancels and writes its report.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!inherited[signal].has(listener)) process.off(signal, listener)
    }
    if (interrupted === null) await vitest.start([])
    // vitest's bail cancels the run from the worker; the reporter hears it as an interrupted run.
    const failed = collector.results.filter((result) => result.status === 'failed').length
    if (interrupted === null && config.maxFailures != null && collector.runEnd === 'interrupted' && failed >= config.maxFailures) stopped = maxFailuresReason(config.maxFailures)
  } finally {
    clearTimeout(timer)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    delete process.env[RUN_CONFIG_ENV]
    collector.finish()
    await vitest?.close()
  }
  return { results: collector.results, interrupted, errors: collector.moduleErrors, stopped }
}
