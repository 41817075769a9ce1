import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import { HEAVIEST_FILES, HeaviestFirstSequencer } from './heaviestFirstSequencer.js'

const ROOT = '/repo'

/** A file of a project as the sequencer sees it: vitest's cache knows nothing of it (a fresh clone). */
function spec(project: string, groupOrder: number, file: string): TestSpecification {
  return { moduleId: `${ROOT}/${file}`, project: { name: project, config: { sequence: { groupOrder }, isolate: true } } } as unknown as TestSpecification
}

const ctx = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest

describe('HeaviestFirstSequencer', () => {
  it('puts the heaviest files of each project first, in their order, and keeps the projects and the other files in place', async () => {
    const files = [
      spec('e2e', 2, 'harness/cli/run.e2e.test.ts'),
      spec('unit', 0, 'harness/a.test.ts'),
      spec('unit', 0, 'bench/run.test.ts'),
      spec('e2e', 2, 'harness/cli/fleet.e2e.test.ts'),
      spec('conformance', 1, 'suites/conformance.test.ts'),
      spec('e2e', 2, 'harness/cli/diffCommand.e2e.test.ts'),
      spec('e2e', 2, 'test/mutants/mutants.e2e.test.ts'),
      spec('unit', 0, 'harness/b.test.ts'),
    ]
    const sorted = await new HeaviestFirstSequencer(ctx).sort(files)
    expect(sorted.map((s) => `${s.project.name} ${s.moduleId.slice(ROOT.length + 1)}`)).toEqual([
      'unit bench/run.test.ts',
      'unit harness/a.test.ts',
      'unit harness/b.test.ts',
      'conformance suites/conformance.test.ts',
      'e2e test/mutants/mutants.e2e.test.ts',
      'e2e harness/cli/fleet.e2e.test.ts',
      'e2e harness/cli/run.e2e.test.ts',
      'e2e harness/cli/diffCommand.e2e.test.ts',
    ])
  })

  it('names only files that exist', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url))
    for (const file of HEAVIEST_FILES) expect(existsSync(`${root}${file}`), file).toBe(true)
  })
})
