import { describe, expect, it } from 'vitest'
import { mergeReports } from './mergeReports.js'
import type { CatalogueEntry, CheckResult, Report } from './result.js'
import { reportSchemaErrors } from './reportSchemaErrors.js'
import { sampleReport } from './sampleReport.js'
import { summarize } from './summarize.js'

const whole = sampleReport({ schemaVersion: 2, selection: { only: [], skip: [] }, options: {} })
const catalogue: CatalogueEntry[] = whole.results.map(({ id, requirement, level, title }) => ({ id, requirement, level, title }))

/** Shard `index` of `count` of the sample run: every count-th result, as --shard would slice files. */
function shard(index: number, count: number, results: CheckResult[] = whole.results, overrides: Partial<Report> = {}): Report {
  const slice = results.filter((_, i) => i % count === index - 1)
  return { ...whole, results: slice, summary: summarize(slice), shard: { index, count, catalogue }, ...overrides }
}

function messageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

describe('mergeReports', () => {
  it('joins three shards into the whole run: every check once, the summary and verdict recomputed', () => {
    const merged = mergeReports([1, 2, 3].map((i) => ({ source: `shard-${i}`, report: shard(i, 3) })))
    expect(merged.results.map((r) => r.id).sort()).toEqual(whole.results.map((r) => r.id).sort())
    expect(merged.summary).toEqual(summarize(whole.results))
    expect(merged.merged).toEqual({ sources: ['shard-1', 'shard-2', 'shard-3'], missing: [], duplicated: [] })
    expect(merged.shard).toBeUndefined()
    expect(merged.verdict).toBe('fail') // the sample run holds a MUST failure
    expect(reportSchemaErrors(merged)).toEqual([])
  })

  it('passes when every shard passed, and fails when a shard is missing, naming its checks as not-run', () => {
    const passing = whole.results.map((r) => ({ ...r, status: 'passed' as const }))
    const all = mergeReports([1, 2, 3].map((i) => ({ source: `s${i}`, report: shard(i, 3, passing) })))
    expect(all).toMatchObject({ verdict: 'pass', exitCode: 0 })
    const lacking = mergeReports([1, 3].map((i) => ({ source: `s${i}`, report: shard(i, 3, passing) })))
    const absent = shard(2, 3, passing)
      .results.map((r) => r.id)
      .sort()
    expect(lacking.merged?.missing).toEqual(absent)
    expect(
      lacking.results
        .filter((r) => r.status === 'not-run')
        .map((r) => r.id)
        .sort(),
    ).toEqual(absent)
    expect(lacking).toMatchObject({ verdict: 'fail', exitCode: 1 })
    expect(lacking.warnings?.some((w) => w.includes('in no merged report'))).toBe(true)
  })

  it('reports a shard given twice as duplicated checks, kept once, and fails the merge', () => {
    const passing = whole.results.map((r) => ({ ...r, status: 'passed' as const }))
    const parts = [1, 2, 3, 2].map((i) => ({ source: `s${i}`, report: shard(i, 3, passing) }))
    const merged = mergeReports(parts)
    expect(merged.merged?.duplicated).toEqual(
      shard(2, 3, passing)
        .results.map((r) => r.id)
        .sort(),
    )
    expect(merged.results).toHaveLength(whole.results.length)
    expect(merged).toMatchObject({ verdict: 'fail', exitCode: 1 })
  })

  it('refuses reports of another target, spec, seed or profile, naming what differs', () => {
    const base = { source: 'a', report: shard(1, 3) }
    expect(messageOf(() => mergeReports([base, { source: 'b', report: shard(2, 3, whole.results, { seed: whole.seed + 1 }) }]))).toMatch(
      /^b is not part of the same run as a: seed/,
    )
    expect(
      messageOf(() => mergeReports([base, { source: 'b', report: shard(2, 3, whole.results, { target: { ...whole.target, rpc: 'http://other:8545' } }) }])),
    ).toContain('target http://other:8545')
    expect(
      messageOf(() => mergeReports([base, { source: 'b', report: shard(2, 3, whole.results, { profile: whole.profile === 'full' ? 'read-only' : 'full' }) }])),
    ).toContain('profile')
    const otherSpec = { ...whole.specs, openrpc: { ...whole.specs.openrpc, sha256: 'f'.repeat(64) } }
    expect(messageOf(() => mergeReports([base, { source: 'b', report: shard(2, 3, whole.results, { specs: otherSpec }) }]))).toContain('openrpc.json')
    expect(messageOf(() => mergeReports([base, { source: 'b', report: { ...shard(2, 3), shard: { index: 2, count: 4, catalogue } } }]))).toContain(
      'shard count 4 vs 3',
    )
  })

  it('counts the bundled reference as one target whatever its ports', () => {
    const reference = (port: number, i: number): Report =>
      shard(i, 2, whole.results, { options: { reference: true }, target: { rpc: `http://127.0.0.1:${port}`, ws: null, rest: null } })
    expect(
      mergeReports([
        { source: 'a', report: reference(4000, 1) },
        { source: 'b', report: reference(5000, 2) },
      ]).merged?.missing,
    ).toEqual([])
  })

  it('keeps a shard that was cut short as cut short', () => {
    const merged = mergeReports([
      { source: 'a', report: shard(1, 2) },
      { source: 'b', report: shard(2, 2, whole.results, { interrupted: 'interrupted by SIGINT' }) },
    ])
    expect(merged).toMatchObject({ interrupted: 'interrupted by SIGINT', verdict: 'interrupted', exitCode: 1 })
  })
})
