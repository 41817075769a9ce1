import { defineConfig } from 'vitest/config'
import { conformanceOptions } from './harness/run/conformanceProject.js'
import { SuiteOrderSequencer } from './harness/run/suiteOrderSequencer.js'

// Three projects keep the kinds of test apart (see ARCHITECTURE.md):
// - unit: the harness's and the reference's own tests, beside their sources;
// - conformance: the suites that certify a target (the target comes from the environment,
//   or globalSetup starts the bundled reference);
// - e2e: whole-CLI runs (against the reference, Anvil, the mutant catalogue).
export default defineConfig({
  test: {
    // The conformance suites in their run order: files of waiting checks first, run-level suites last.
    sequence: { sequencer: SuiteOrderSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['harness/**/*.test.ts', 'reference-impl/**/*.test.ts', 'bench/**/*.test.ts', 'build/**/*.test.ts'],
          exclude: ['**/*.e2e.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      // Its options are shared with `l2conf run`, which passes them inline (harness/run/conformanceProject.ts).
      { test: conformanceOptions('ts') },
      {
        test: {
          name: 'e2e',
          include: ['harness/**/*.e2e.test.ts', 'reference-impl/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
