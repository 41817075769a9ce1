import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../test/mutants/catalogue.js'
import { runCli } from '../../test/support/runCli.js'
import { requirementIds, requirementRow, requirements, type RequirementId } from './index.js'
import { levelsOf } from './requirement.js'
import { requirementsMarkdown } from './markdownTable.js'

/**
 * Requirements no variant of a target can be caught by, and why: the mutant catalogue proves every
 * other requirement end to end.
 */
const NO_MUTANT: Partial<Record<RequirementId, string>> = {
  'SPEC-VALID': 'it judges the spec files the run reads, not the target, so no variant of a target can break it',
  LIMITS: 'it is INFO: what a target enforces is measured and reported, never failed, so no variant can fail it',
}

describe('the requirement table', () => {
  it('lists each requirement once, from a file named after it', () => {
    expect(new Set(requirementIds).size).toBe(requirements.length)
    for (const row of requirements) {
      expect(row.id).toMatch(/^[A-Z]+(-[A-Z]+)*$/)
      expect(row.text.length).toBeGreaterThan(10)
      expect(row.section.length).toBeGreaterThan(0)
      expect(readFileSync(new URL(`./${row.id}.ts`, import.meta.url), 'utf8')).toContain(`id: '${row.id}'`)
    }
  })

  it('every requirement has at least one check, every check is listed at a level its requirement has, and each of those levels has a check', async () => {
    // `run --list` declares every check the suites register, without sending anything (the address is never contacted).
    const run = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--list'], { timeoutMs: 120_000 })
    expect(run.code, run.stderr).toBe(0)
    const listed = run.stdout
      .split('\n')
      .filter((line) => line.includes('\t'))
      .map((line) => line.split('\t'))
    const checked = new Set(listed.map(([, requirement]) => requirement))
    expect(requirementIds.filter((id) => !checked.has(id))).toEqual([])
    for (const [id, requirement, level] of listed) expect(levelsOf(requirementRow(requirement!)!), id).toContain(level)
    for (const row of requirements) {
      const levels = new Set(listed.filter(([, requirement]) => requirement === row.id).map(([, , level]) => level))
      expect([...levels].sort(), row.id).toEqual([...levelsOf(row)].sort())
    }
  }, 150_000)

  it('every requirement has a variant in the mutant catalogue, but those that cannot have one (and say why)', () => {
    const caught = new Set(catalogue.flatMap((mutant) => (mutant.requirement === null ? [] : [mutant.requirement])))
    expect(requirementIds.filter((id) => !caught.has(id) && NO_MUTANT[id] === undefined)).toEqual([])
    for (const id of Object.keys(NO_MUTANT) as RequirementId[]) expect(caught.has(id), `${id} has a variant now: drop its exemption`).toBe(false)
  })

  it('every requirement has its line in docs/requirements.md, as the table says it', () => {
    const readme = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8')
    expect(readme, "docs/requirements.md's requirement table differs from harness/requirements/: paste requirementsMarkdown()").toContain(
      requirementsMarkdown(),
    )
  })
})
