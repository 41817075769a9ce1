import { join } from 'node:path'
import { createVitest, type Reporter } from 'vitest/node'
import type { DeclaredCheck } from './certify.js'
import type { CheckNeeds } from './check.js'
import { LIST_CHECKS_ENV, RUN_CONFIG_ENV } from './configChannel.js'
import { runnerOptions } from './conformanceProject.js'
import type { RunConfig } from './runConfig.js'

/** A declared check with what it needs to run (`l2conf run --list` prints both). */
export interface ListedCheck extends DeclaredCheck {
  needs: CheckNeeds
}

/** The checks the conformance suites declare for a config, and what kept a suite from declaring its own. */
export interface CheckCatalogue {
  checks: ListedCheck[]
  /** A suite file that failed to load: its checks are missing from `checks`. */
  errors: string[]
}

/**
 * Lists every check the conformance suites declare for `config` (the specs decide which checks exist)
 * without running any and without sending anything: vitest collects the suite files, each `check()`
 * declares its CheckSpec in the test's meta, and no test body runs. `--only` / `--skip` are validated
 * against this list, an interrupted run accounts for every check in it, and `l2conf run --list` prints it.
 * With `config.shard`, vitest's own sharding picks the suite files, so the list is exactly that slice's.
 */
export async function listChecks(config: RunConfig, root: string): Promise<CheckCatalogue> {
  const saved = { config: process.env[RUN_CONFIG_ENV], list: process.env[LIST_CHECKS_ENV] }
  process.env[RUN_CONFIG_ENV] = JSON.stringify(config)
  process.env[LIST_CHECKS_ENV] = '1'
  const silent: Reporter = {}
  const vitest = await createVitest(
    'test',
    { ...runnerOptions(), watch: false, reporters: [silent], passWithNoTests: true, ...vitestShard(config) },
    { cacheDir: join(root, 'node_modules', '.vite', 'l2conf') },
  )
  try {
    const collected = await vitest.collect([])
    const checks: ListedCheck[] = []
    const errors: string[] = collected.unhandledErrors.map((error) => String((error as { message?: unknown }).message ?? error))
    for (const module of collected.testModules) {
      for (const error of module.errors()) errors.push(`${module.moduleId}: ${error.message}`)
      for (const test of module.children.allTests()) {
        const { l2confCheck: spec, l2confNeeds: needs } = test.meta()
        if (spec !== undefined) checks.push({ ...spec, needs: needs ?? {} })
      }
    }
    return { checks, errors }
  } finally {
    await vitest.close()
    for (const [name, value] of [[RUN_CONFIG_ENV, saved.config], [LIST_CHECKS_ENV, saved.list]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** vitest's `shard` option for a sharded run (`--shard i/n` hands it over as is). */
export function vitestShard(config: Pick<RunConfig, 'shard'>): { shard?: string } {
  const shard = config.shard ?? null
  return shard === null ? {} : { shard: `${shard.index}/${shard.count}` }
}
