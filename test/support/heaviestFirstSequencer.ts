import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest, longest first within their project (measured on two cores: the mutant
 * catalogue about four minutes in `npm test`, the fleet and the transcripts under a minute each,
 * each of the other e2e files under a minute; in the unit project, the benchmarks' smoke run over a
 * minute, every other file seconds). With two workers, the longest file starts at once and the rest
 * share the other worker, so the project ends about when its longest file does rather than with a
 * long file started last.
 */
export const HEAVIEST_FILES: readonly string[] = [
  'bench/run.test.ts',
  'test/mutants/mutants.e2e.test.ts',
  'harness/cli/fleet.e2e.test.ts',
  'harness/cli/transcripts.e2e.test.ts',
  'harness/cli/thirdPartyNodes.e2e.test.ts',
  'harness/cli/verdict.e2e.test.ts',
  'harness/cli/shard.e2e.test.ts',
  'harness/api/package.e2e.test.ts',
  'harness/transport/brokenTargets.e2e.test.ts',
]

/** The place of a file in HEAVIEST_FILES, or the list's length for any other file. */
function weightPlace(spec: TestSpecification): number {
  const file = spec.moduleId.replaceAll('\\', '/')
  const place = HEAVIEST_FILES.findIndex((suffix) => file.endsWith(`/${suffix}`))
  return place < 0 ? HEAVIEST_FILES.length : place
}

/**
 * The test run's sequencer: vitest's order, then within each project the HEAVIEST_FILES first, in their order; every other
 * file keeps its place relative to the others.
 */
export class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const position = new Map(sorted.map((spec, i) => [spec, i]))
    const projectStart = new Map<string, number>()
    for (const [spec, i] of position) if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, i)
    // Array.prototype.sort is stable: files of a project stay together, in the order of the projects.
    return [...sorted].sort(
      (a, b) => projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || weightPlace(a) - weightPlace(b) || position.get(a)! - position.get(b)!,
    )
  }
}
