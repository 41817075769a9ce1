import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { HeaviestFirstSequencer } from './test/support/heaviestFirstSequencer.js'
import { conformanceOptions } from './harness/run/conformanceProject.js'

/**
 * Workers of the unit and e2e projects: at least two, so a two-core CI machine uses both (vitest's
 * default, one core fewer than the machine has, would run every file of `npm test` one after another
 * there). Unit files are mostly CPU; e2e files mostly wait on the processes they start (a run
 * against a node waits on its blocks), so two of them share two cores without starving each other.
 */
const WORKERS = Math.max(2, availableParallelism() - 1)

// Three projects keep the kinds of test apart (see ARCHITECTURE.md):
// - unit: the harness's, the reference's and common/'s own tests, beside their sources;
// - conformance: every declared check as a test, against a target (the target comes from the
//   environment, or globalSetup starts the bundled reference);
// - e2e: whole-CLI runs (against the reference, Anvil, the mutant catalogue).
// Each project is a group of its own (sequence.groupOrder): the groups run one after another, each
// with its own number of workers (the conformance project's one worker is part of its contract).
export default defineConfig({
  test: {
    // The longest files of each project start first.
    sequence: { sequencer: HeaviestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'harness/**/*.test.ts',
            'reference-impl/**/*.test.ts',
            'bench/**/*.test.ts',
            'build/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: ['**/*.e2e.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
          maxWorkers: WORKERS,
          // One module graph per worker, not one per file: the unit files share no state that one
          // of them changes (runs with the files in shuffled order pass), and loading every file's
          // graph afresh was 40 % of the project's wall time (176 s isolated, 101 s shared, 2 cores).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // Every declared check as a test (suites/conformance.test.ts); `l2conf run` has its own engine.
      { test: { ...conformanceOptions(), sequence: { groupOrder: 1 } } },
      {
        test: {
          name: 'e2e',
          include: ['harness/**/*.e2e.test.ts', 'reference-impl/**/*.e2e.test.ts', 'test/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
