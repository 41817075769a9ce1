import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Suite files that judge what the whole run saw, in the order they run after every other file:
 * suites/background.test.ts collects the checks that ran in the background (harness/run/backgroundChecks.ts),
 * then suites/unsolicited.test.ts judges the WebSocket frames nobody asked for, counted over every
 * connection of the run (those checks' included). vitest otherwise orders files by its cache (failed
 * first, then the longest), not by name.
 */
export const LAST_SUITES: readonly string[] = ['suites/background.test.ts', 'suites/unsolicited.test.ts']

/** The place of a run-level suite in LAST_SUITES, -1 for any other file. */
function lastPlace(spec: TestSpecification): number {
  // The compiled suites of dist/ end in .js.
  const file = spec.moduleId.replaceAll('\\', '/').replace(/\.js$/, '.ts')
  return LAST_SUITES.findIndex((suffix) => file.endsWith(`/${suffix}`))
}

/** vitest's own order, with the LAST_SUITES files moved to the end in their own order (the conformance project runs them last). */
export class LastSuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const last = sorted.filter((spec) => lastPlace(spec) >= 0).sort((a, b) => lastPlace(a) - lastPlace(b))
    return [...sorted.filter((spec) => lastPlace(spec) < 0), ...last]
  }
}
