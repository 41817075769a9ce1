import type { TestUserConfig } from 'vitest/node'
import { CHECK_TIMEOUT_MS } from './engine.js'

/**
 * The vitest options of the `conformance` project: every declared check as a test of one registrar
 * file (suites/conformance.test.ts), against the target the environment names (or the bundled
 * reference globalSetup starts). `l2conf run` does not use vitest: it has its own engine
 * (harness/run/engine.ts); this project is for those who like vitest's filters and watch mode.
 */
export function conformanceOptions() {
  return {
    name: 'conformance',
    include: ['suites/conformance.test.ts'],
    globalSetup: ['suites/setup/globalSetup.ts'],
    // One worker, one module graph: the specs are compiled once, the transports and the request
    // gate (--concurrency, --rate) are shared by every check. Checks parallelise their own exchanges.
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    // A check's exchanges are each bounded by --timeout and the run by --max-time; a slow,
    // rate-limited target may legitimately need minutes for one property check.
    testTimeout: CHECK_TIMEOUT_MS,
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
