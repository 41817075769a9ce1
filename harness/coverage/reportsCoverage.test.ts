import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { fleetHtml } from '../report/fleetHtml.js'
import { fleetSummary } from '../report/fleetSummary.js'
import { htmlReport } from '../report/htmlReport.js'
import { jsonSummary } from '../report/jsonSummary.js'
import { mergeReports } from '../report/mergeReports.js'
import type { CatalogueEntry, Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { sampleReport } from '../report/sampleReport.js'
import { summarize } from '../report/summarize.js'
import { terminalSummary } from '../report/terminalSummary.js'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import type { Coverage } from './coverage.js'
import { createCoverage } from './createCoverage.js'
import { mergeCoverage } from './mergeCoverage.js'

let specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
let a: Coverage
let b: Coverage

beforeAll(async () => {
  specs = {
    openrpc: await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), { compile: 'on-first-use' }),
    openapi: await loadOpenApi(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), { compile: 'on-first-use' }),
  }
  const coverageOf = (calls: Array<[string, unknown[]]>): Coverage => {
    const recorder = createCoverage(specs)
    for (const [method, params] of calls)
      recorder.observe({
        transport: 'http',
        url: 'u',
        request: { jsonrpc: '2.0', method, params, id: 1 },
        response: { jsonrpc: '2.0', id: 1, result: [] },
        startedAt: 0,
        durationMs: 1,
      })
    return recorder.result()
  }
  a = coverageOf([
    ['eth_chainId', []],
    ['eth_getBlockRange', ['0x1', '0x2', false]],
  ])
  b = coverageOf([
    ['eth_chainId', []],
    ['eth_getBlockRange', ['latest', 'latest', true]],
  ])
})

const whole = sampleReport({ schemaVersion: 2, selection: { only: [], skip: [] }, options: {} })
const catalogue: CatalogueEntry[] = whole.results.map(({ id, requirement, level, title }) => ({ id, requirement, level, title }))

/** Shard `index` of 2 of the sample run, with its coverage. */
function shard(index: number, coverage: Coverage | undefined): Report {
  const slice = whole.results.filter((_, i) => i % 2 === index - 1)
  return { ...whole, results: slice, summary: summarize(slice), shard: { index, count: 2, catalogue }, ...(coverage === undefined ? {} : { coverage }) }
}

describe('coverage through merge and fleets', () => {
  it('l2conf merge: the merged report’s coverage is the union of its shards’, and it validates', () => {
    const merged = mergeReports([
      { source: 's1', report: shard(1, a) },
      { source: 's2', report: shard(2, b) },
    ])
    expect(merged.coverage).toEqual(mergeCoverage([a, b]))
    const range = merged.coverage?.methods.find((method) => method.name === 'eth_getBlockRange')
    expect(range?.calls).toBe(2)
    expect(range?.params[0]?.branches?.branches.map((branch) => branch.matched)).toEqual([1, 0, 1])
    expect(reportSchemaErrors(merged)).toEqual([])
    expect(htmlReport(merged)).toContain('<section id="coverage"')
  })

  it('l2conf merge claims no coverage when a shard’s report has none', () => {
    const merged = mergeReports([
      { source: 's1', report: shard(1, a) },
      { source: 's2', report: shard(2, undefined) },
    ])
    expect(merged.coverage).toBeUndefined()
  })

  it('a fleet: each target’s totals, and the union of the targets in fleet.json and fleet.html', () => {
    const fleet = fleetSummary(
      [
        { name: 'one', reportDir: 'one', report: { ...whole, coverage: a } },
        { name: 'two', reportDir: 'two', report: { ...whole, coverage: b } },
      ],
      { startedAt: whole.startedAt, tool: whole.tool },
    )
    expect(fleet.targets.map((target) => target.coverage)).toEqual([a.totals, b.totals])
    expect(fleet.coverage).toEqual(mergeCoverage([a, b]))
    expect(fleet.coverage?.totals.paramBranches.covered).toBeGreaterThan(Math.max(a.totals.paramBranches.covered, b.totals.paramBranches.covered))
    const html = fleetHtml(fleet)
    expect(html).toContain('<h2>Spec coverage by target</h2>')
    expect(html).toContain('<a href="two/report.html#coverage">two</a>')
    expect(html).toContain('the fleet (union)')
  })

  it('a fleet of different specs has each target’s coverage, and no union', () => {
    const other = structuredClone(b)
    other.specs.openapi.sha256 = '1'.repeat(64)
    const fleet = fleetSummary(
      [
        { name: 'one', reportDir: 'one', report: { ...whole, coverage: a } },
        { name: 'two', reportDir: 'two', report: { ...whole, coverage: other } },
      ],
      { startedAt: whole.startedAt, tool: whole.tool },
    )
    expect(fleet.coverage).toBeUndefined()
    expect(fleet.targets[1]?.coverage).toEqual(other.totals)
  })

  it('the end of a run on a terminal says the coverage in a line, and where to read it all', () => {
    const text = terminalSummary({ ...whole, coverage: a }, { color: false, reportDir: 'out/run-1' })
    expect(text).toContain(
      '\nCoverage: 2/28 methods, 2/34 examples, 2/33 param branches, 0/12 result branches, 0/64 error codes, 0/5 REST operations, 0/25 REST statuses (l2conf coverage out/run-1)',
    )
    expect(terminalSummary(whole, { color: false, reportDir: 'out/run-1' })).not.toContain('Coverage:')
  })

  it('the JSON summary on stdout (--format json) carries the totals', () => {
    const summary = JSON.parse(jsonSummary({ ...whole, coverage: a }, { reportDir: 'out', written: [] })) as { coverage?: unknown }
    expect(summary.coverage).toEqual(a.totals)
    expect((JSON.parse(jsonSummary(whole, { reportDir: 'out', written: [] })) as { coverage?: unknown }).coverage).toBeUndefined()
  })
})
