import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Suite files whose checks mostly wait for the chain (`check(..., { waits: true })`: a subscription's
 * notifications, a receipt, a counter's progress between spaced calls). Under `l2conf run` those checks run in the background
 * (harness/run/backgroundChecks.ts), so their files run first: the waits then overlap every other
 * check instead of holding up the end of the run. `suiteOrder.test.ts` keeps this list in step with
 * the suites.
 */
export const FIRST_SUITES: readonly string[] = ['suites/subscribe.test.ts', 'suites/sendraw.test.ts', 'suites/rollupProgress.test.ts']

/**
 * Suite files that judge what the whole run saw, in the order they run after every other file:
 * suites/background.test.ts collects the checks that ran in the background, then
 * suites/unsolicited.test.ts judges the WebSocket frames nobody asked for, counted over every
 * connection of the run (those checks' included).
 */
export const LAST_SUITES: readonly string[] = ['suites/background.test.ts', 'suites/unsolicited.test.ts']

/** The file of a test specification as `suites/name.test.ts` would end it (dist/ compiles suites to .js). */
function sourceName(spec: TestSpecification): string {
  return spec.moduleId.replaceAll('\\', '/').replace(/\.js$/, '.ts')
}

function placeIn(list: readonly string[], file: string): number {
  return list.findIndex((suffix) => file.endsWith(`/${suffix}`))
}

/** Whether a file is one of the conformance suites (suites/*.test.ts), as opposed to a unit or e2e test. */
function isSuite(file: string): boolean {
  return /\/suites\/[^/]+\.test\.ts$/.test(file)
}

/**
 * The order of the conformance suites: FIRST_SUITES, then the others by name, then LAST_SUITES. A
 * run's order is the same every time (vitest's own order follows its cache of earlier runs: failed
 * first, then the longest), so a seed replays the same exchanges in the same order.
 */
export function suiteOrder(files: readonly string[]): string[] {
  const first = files.filter((file) => placeIn(FIRST_SUITES, file) >= 0).sort((a, b) => placeIn(FIRST_SUITES, a) - placeIn(FIRST_SUITES, b))
  const last = files.filter((file) => placeIn(LAST_SUITES, file) >= 0).sort((a, b) => placeIn(LAST_SUITES, a) - placeIn(LAST_SUITES, b))
  const middle = files.filter((file) => placeIn(FIRST_SUITES, file) < 0 && placeIn(LAST_SUITES, file) < 0).sort()
  return [...first, ...middle, ...last]
}

/**
 * vitest's own order for unit and e2e files; the conformance suites, in the places vitest gave them,
 * in `suiteOrder` (the conformance project runs them one after another in one worker).
 */
export class SuiteOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const suites = new Map(sorted.filter((spec) => isSuite(sourceName(spec))).map((spec) => [sourceName(spec), spec]))
    const inOrder = suiteOrder([...suites.keys()]).map((file) => suites.get(file)!)
    return sorted.map((spec) => (isSuite(sourceName(spec)) ? inOrder.shift()! : spec))
  }
}
