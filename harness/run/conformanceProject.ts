import { join } from 'node:path'
import type { TestUserConfig } from 'vitest/node'
import { codeExtension, codeRoot } from '../packageLayout.js'
import { SuiteOrderSequencer } from './suiteOrderSequencer.js'

/**
 * The vitest options of the `conformance` project: the suites that certify a target (the target comes
 * from the environment, or globalSetup starts the bundled reference). vitest.config.ts declares the
 * project with them for the sources; `l2conf run` passes them inline for the code it runs (dist/ when
 * built), so no config file is loaded at run time.
 */
export function conformanceOptions(extension: 'ts' | 'js' = 'ts') {
  return {
    name: 'conformance',
    include: [`suites/**/*.test.${extension}`],
    globalSetup: [`suites/setup/globalSetup.${extension}`],
    // One worker, one module graph: the specs are compiled once, the transports and the request
    // gate (--concurrency, --rate) are shared by every check. Checks parallelise their own exchanges.
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    // A check's exchanges are each bounded by --timeout and the run by --max-time; a slow,
    // rate-limited target may legitimately need minutes for one property check.
    testTimeout: 900_000,
    hookTimeout: 120_000,
    // The run's byte budget asks for a garbage collection after large bodies (ByteBudget): without
    // it, a hostile target's bodies pile up as garbage past 512 MB of RSS before V8 collects.
    execArgv: ['--expose-gc'],
    // Read by the C library when the worker starts (vitest forks it with these in its environment).
    env: WORKER_MALLOC_ENV,
  } satisfies TestUserConfig
}

/**
 * How the worker's C library (glibc) allocates, so memory freed after a large body goes back to the
 * system: a body arrives as many 64 KiB chunks, and glibc kept their freed memory in per-thread
 * arenas and below a threshold it raises after each large free, so the worker's RSS stayed far above
 * what it held. Blocks of 64 KiB and more are mapped on their own (unmapped when freed), in at most
 * two arenas. Measured on a REST target answering a million keys: peak RSS 527 MB without, 497 MB
 * with. Other C libraries ignore these variables.
 */
export const WORKER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' } as const

/**
 * The options `l2conf run` and `--list` give vitest's Node API: the conformance project of the running
 * code, with its sequencer (run-level suites last). From dist/, the harness's modules and the suites'
 * support modules are imported by Node itself in the worker (externalised) rather than each fetched
 * from the CLI and transformed by vite's module runner, one round trip at a time: only the suite files
 * go through vitest (a four-check run: 3.04 s against 3.15 s with the support modules transformed).
 */
export function runnerOptions() {
  const options = conformanceOptions(codeExtension)
  return {
    ...options,
    root: codeRoot,
    config: false as const,
    sequence: { sequencer: SuiteOrderSequencer },
    ...(codeExtension === 'js' ? { server: { deps: { external: [externalDir(join(codeRoot, 'harness')), externalDir(join(codeRoot, 'suites', 'support'))] } } } : {}),
  }
}

/** vitest's pattern for every module under `dir` (it matches module paths written with forward slashes, whatever the platform). */
function externalDir(dir: string): RegExp {
  return new RegExp(`^${escapeRegExp(dir.replaceAll('\\', '/'))}/`)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
