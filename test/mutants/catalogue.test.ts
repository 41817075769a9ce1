import { expect, test } from 'vitest'
import { requirements } from '../../harness/requirements/index.js'
import { catalogue } from './catalogue.js'

test('at least 30 broken variants, each named once (a URL-safe slug) and described', () => {
  const broken = catalogue.filter((m) => m.requirement !== null)
  expect(broken.length).toBeGreaterThanOrEqual(30)
  expect(new Set(catalogue.map((m) => m.name)).size).toBe(catalogue.length)
  for (const mutant of catalogue) {
    expect(mutant.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(mutant.name).not.toBe('clean')
    expect(mutant.description.length).toBeGreaterThan(20)
  }
})

test('each broken variant names a requirement that can fail; every one that can has a variant', () => {
  // INFO requirements (LIMITS: what the target measures) never fail a run, so no variant can be caught by them.
  const failing = new Set(requirements.filter((r) => r.level !== 'INFO').map((r) => r.id))
  const covered = new Set(catalogue.flatMap((m) => (m.requirement === null ? [] : [m.requirement])))
  for (const id of covered) expect(failing.has(id)).toBe(true)
  // SPEC-VALID is about the spec files, not the target: no variant of a target can break it.
  expect([...failing].filter((id) => !covered.has(id))).toEqual(['SPEC-VALID'])
})

test('each variant makes fresh hooks (state such as call counters is per proxy)', () => {
  for (const mutant of catalogue) expect(mutant.create()).not.toBe(mutant.create())
})
