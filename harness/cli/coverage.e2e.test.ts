import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Coverage } from '../coverage/coverage.js'
import { coveredCells } from '../coverage/coverageCells.js'
import { createCoverage } from '../coverage/createCoverage.js'
import type { FleetSummary } from '../report/fleetSummary.js'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { startReference } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'
import { asExchange } from '../transcript/judgeRecorded.js'
import { readTranscriptFiles } from '../transcript/readTranscript.js'
import { packageRoot } from './packageInfo.js'

// The range checks: enough to exercise params, oneOf branches, errors and batches, quick against the reference.
const ONLY = ['--only', 'range.*', '--seed', '42']
// The one check that gives eth_getBlockRange plain JSON integers (the integer branch of blockNumberOrTag).
const SKIPPED = 'range.tags.forms'

const root = mkdtempSync(join(tmpdir(), 'l2conf-coverage-e2e-'))
const at = (name: string): string => join(root, name)

function coverageOf(dir: string): Coverage {
  const report = JSON.parse(readFileSync(join(at(dir), 'report.json'), 'utf8')) as Report
  expect(reportSchemaErrors(report), `${dir}/report.json conforms to report.schema.json`).toEqual([])
  expect(report.coverage, `${dir}/report.json has coverage`).toBeDefined()
  return report.coverage!
}

/** The coverage of a transcript's files (all of them, or those of one check, or all but one check's), made as a run makes it. */
async function transcriptCoverage(which: (check: string | undefined) => boolean): Promise<Coverage> {
  const recorder = createCoverage({
    openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')),
    openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')),
  })
  for (const file of readTranscriptFiles(at('recorded'))) {
    if (!which(file.header?.check)) continue
    for (const entry of file.entries) {
      if (entry.kind === 'exchange') recorder.observe(asExchange(entry))
      else recorder.observeNotification?.(entry.message)
    }
  }
  return recorder.result()
}

function minus(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((cell) => !b.has(cell)).sort()
}

/** Numbers that name an entry rather than count (and the totals, which are counted from the cells). */
const IDENTITIES = new Set(['index', 'code', 'status', 'totals'])

/** Every number of `coverage`, by its place (list entries by name, code or status, not by position). */
function counts(value: unknown, path = '', into = new Map<string, number>()): Map<string, number> {
  if (typeof value === 'number') into.set(path, value)
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) {
      const key =
        typeof item === 'object' && item !== null
          ? ((item as Record<string, unknown>)['name'] ?? (item as Record<string, unknown>)['code'] ?? (item as Record<string, unknown>)['status'] ?? index)
          : index
      counts(item, `${path}/${String(key)}`, into)
    }
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) if (!IDENTITIES.has(key)) counts(item, `${path}/${key}`, into)
  return into
}

describe('coverage in every report', () => {
  beforeAll(async () => {
    const runs = await Promise.all([
      runCli(['run', '--reference', ...ONLY, '--record', at('recorded'), '--report-dir', at('all'), '--quiet']),
      runCli(['run', '--reference', ...ONLY, '--skip', SKIPPED, '--report-dir', at('skipped'), '--quiet']),
    ])
    for (const run of runs) expect(run.code, run.stderr).toBe(0)
    const checks = await Promise.all([
      runCli(['check', at('recorded'), '--report-dir', at('checked')]),
      runCli(['check', at('recorded'), '--skip', SKIPPED, '--report-dir', at('checked-skipped')]),
    ])
    for (const run of checks) expect(run.code, run.stderr).toBe(0)
  }, 240_000)

  it('a skipped check lowers exactly the cells no other check covers, live and offline', async () => {
    const mine = coveredCells(await transcriptCoverage((check) => check === SKIPPED))
    const others = coveredCells(await transcriptCoverage((check) => check !== SKIPPED))
    const onlyMine = minus(mine, others)
    // What makes it a test: the skipped check covers something nothing else does, a oneOf branch among it.
    expect(onlyMine).toContain('eth_getBlockRange param start branch integer')
    for (const [all, skipped] of [
      ['all', 'skipped'],
      ['checked', 'checked-skipped'],
    ] as const) {
      const allCells = coveredCells(coverageOf(all))
      const skippedCells = coveredCells(coverageOf(skipped))
      expect(minus(allCells, skippedCells), `${all} vs ${skipped}`).toEqual(onlyMine)
      expect(minus(skippedCells, allCells), `${skipped} covers nothing ${all} does not`).toEqual([])
    }
    const branches = (dir: string) => coverageOf(dir).methods.find((method) => method.name === 'eth_getBlockRange')?.params[0]?.branches?.branches
    expect(branches('all')?.find((branch) => branch.label === 'integer')?.matched).toBeGreaterThan(0)
    expect(branches('skipped')?.find((branch) => branch.label === 'integer')?.matched).toBe(0)
  })

  it('offline, where the answers are the recording’s, every count drops by exactly what the skipped check’s own exchanges counted', async () => {
    const all = counts(coverageOf('checked'))
    const skipped = counts(coverageOf('checked-skipped'))
    const mine = counts(await transcriptCoverage((check) => check === SKIPPED))
    const wrong = [...all].filter(([place, value]) => value - (skipped.get(place) ?? 0) !== (mine.get(place) ?? 0))
    expect(wrong).toEqual([])
    expect(mine.get('/methods/eth_getBlockRange/calls')).toBeGreaterThan(0)
    // The check of the transcript covers what the recorded run covered.
    expect(coveredCells(coverageOf('checked'))).toEqual(coveredCells(coverageOf('all')))
  })

  it('l2conf merge of shards: the union of their coverage, which is the whole run’s', async () => {
    const shards = await Promise.all(
      [1, 2].map((index) => runCli(['run', '--reference', ...ONLY, '--shard', `${index}/2`, '--report-dir', at(`shard-${index}`), '--quiet'])),
    )
    for (const run of shards) expect(run.code, run.stderr).toBe(0)
    const merge = await runCli(['merge', at('shard-1'), at('shard-2'), '--report-dir', at('merged'), '--quiet'])
    expect(merge.code, merge.stderr).toBe(0)
    const parts = [coveredCells(coverageOf('shard-1')), coveredCells(coverageOf('shard-2'))]
    const merged = coveredCells(coverageOf('merged'))
    expect(merged).toEqual(new Set([...parts[0]!, ...parts[1]!]))
    expect(minus(parts[0]!, parts[1]!).length, 'each shard covers something the other does not').toBeGreaterThan(0)
    expect(merged).toEqual(coveredCells(coverageOf('all')))
    const calls = (dir: string) => coverageOf(dir).methods.find((method) => method.name === 'eth_getBlockRange')!.calls
    expect(calls('merged')).toBe(calls('shard-1') + calls('shard-2'))
  }, 120_000)

  it('a method added to the spec shows as uncovered', async () => {
    const document = JSON.parse(readFileSync(join(packageRoot, 'openrpc.json'), 'utf8')) as { methods: unknown[] }
    document.methods.push({ name: 'rollup_getNewThing', params: [], result: { name: 'thing', schema: { type: 'string' } } })
    writeFileSync(at('openrpc-plus.json'), JSON.stringify(document))
    const run = await runCli(['run', '--reference', '--openrpc', at('openrpc-plus.json'), ...ONLY, '--report-dir', at('plus'), '--quiet'])
    expect(run.code, run.stderr).toBe(0)
    const coverage = coverageOf('plus')
    expect(coverage.methods.find((method) => method.name === 'rollup_getNewThing')).toMatchObject({ calls: 0, answered: 0 })
    expect(coverage.totals.methods.declared).toBe(coverageOf('all').totals.methods.declared + 1)
    const markdown = await runCli(['coverage', at('plus'), '--format', 'markdown'])
    expect(markdown.code, markdown.stderr).toBe(0)
    expect(markdown.stdout).toMatch(/\*\*Methods not called \(\d+\):\*\* .*`rollup_getNewThing`/)
  }, 120_000)

  it('l2conf replay: the coverage of the requests it sent again, which are the recording’s', async () => {
    const reference = await startReference()
    try {
      const run = await runCli([
        'replay',
        at('recorded'),
        '--rpc',
        reference.rpc,
        '--ws',
        reference.ws,
        '--rest',
        reference.rest,
        '--report-dir',
        at('replayed'),
      ])
      expect(run.code, run.stderr).toBe(0)
    } finally {
      await reference.stop()
    }
    const replayed = coverageOf('replayed')
    const recorded = await transcriptCoverage(() => true)
    const sent = (coverage: Coverage) =>
      coverage.methods.map(({ name, calls, transports, params, examples }) => ({ name, calls, transports, params, examples }))
    expect(sent(replayed)).toEqual(sent(recorded))
    expect(replayed.methods.find((method) => method.name === 'eth_getBlockRange')?.answered).toBeGreaterThan(0)
  }, 120_000)

  it('l2conf run --targets: each target’s report has its coverage, fleet.json and fleet.html their union', async () => {
    const nodes = await Promise.all([startReference(), startReference()])
    try {
      const targets = nodes.map((node, index) => `  - name: node-${index + 1}\n    rpc: ${node.rpc}\n    ws: ${node.ws}\n    rest: ${node.rest}\n`).join('')
      writeFileSync(at('fleet.yaml'), `targets:\n${targets}`)
      const run = await runCli(['run', '--targets', at('fleet.yaml'), ...ONLY, '--report-dir', at('fleet'), '--quiet'])
      expect(run.code, run.stderr).toBe(0)
    } finally {
      await Promise.all(nodes.map((node) => node.stop()))
    }
    const fleet = JSON.parse(readFileSync(join(at('fleet'), 'fleet.json'), 'utf8')) as FleetSummary
    const parts = [coverageOf('fleet/node-1'), coverageOf('fleet/node-2')]
    expect(fleet.targets.map((target) => target.coverage)).toEqual(parts.map((part) => part.totals))
    expect(coveredCells(fleet.coverage!)).toEqual(new Set([...coveredCells(parts[0]!), ...coveredCells(parts[1]!)]))
    const calls = (coverage: Coverage) => coverage.methods.find((method) => method.name === 'eth_getBlockRange')!.calls
    expect(calls(fleet.coverage!)).toBe(calls(parts[0]!) + calls(parts[1]!))
    expect(readFileSync(join(at('fleet'), 'fleet.html'), 'utf8')).toContain('<h2>Spec coverage by target</h2>')
  }, 180_000)

  it('report.html shows the matrix', () => {
    const html = readFileSync(join(at('all'), 'report.html'), 'utf8')
    expect(html).toContain('<section id="coverage"')
    expect(html).toContain('<code>eth_getBlockRange</code>')
  })
})
