import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Suite files that judge what the whole run saw (suites/unsolicited.test.ts: the WebSocket frames
 * nobody asked for, counted over every connection of the run), so they must run after every other
 * file. vitest otherwise orders files by its cache (failed first, then the longest), not by name.
 */
export const LAST_SUITES: readonly string[] = ['suites/unsolicited.test.ts']

function runsLast(spec: TestSpecification): boolean {
  // The compiled suites of dist/ end in .js.
  const file = spec.moduleId.replaceAll('\\', '/').replace(/\.js$/, '.ts')
  return LAST_SUITES.some((suffix) => file.endsWith(`/${suffix}`))
}

/** vitest's own order, with the LAST_SUITES files moved to the end (the conformance project runs them last). */
export class LastSuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [...sorted.filter((spec) => !runsLast(spec)), ...sorted.filter(runsLast)]
  }
}
