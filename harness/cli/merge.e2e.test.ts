import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FleetSummary } from '../report/fleetSummary.js'
import type { Report } from '../report/result.js'
import { sampleReport } from '../report/sampleReport.js'
import { summarize } from '../report/summarize.js'
import { runCli } from '../../test/support/runCli.js'

const whole = sampleReport({ schemaVersion: 2, selection: { only: [], skip: [] }, options: {} })
const catalogue = whole.results.map(({ id, requirement, level, title }) => ({ id, requirement, level, title }))

/** Shard `index` of 2 of a run against `rpc`, written where `l2conf run --shard` writes it. */
function writeShard(dir: string, index: number, rpc: string): void {
  const results = whole.results.filter((_, i) => i % 2 === index - 1)
  const report: Report = { ...whole, target: { rpc, ws: null, rest: null }, results, summary: summarize(results), shard: { index, count: 2, catalogue } }
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report))
}

describe('l2conf merge', () => {
  const root = mkdtempSync(join(tmpdir(), 'l2conf-merge-'))

  it('merges sharded fleets target by target, with a new fleet summary', async () => {
    for (const index of [1, 2]) {
      const fleet = join(root, `fleet-${index}`)
      writeShard(join(fleet, 'eu'), index, 'http://eu.example.org')
      writeShard(join(fleet, 'us'), index, 'http://us.example.org')
      writeFileSync(join(fleet, 'fleet.json'), '{}')
    }
    const out = join(root, 'fleet-merged')
    const run = await runCli(['merge', join(root, 'fleet-1'), join(root, 'fleet-2'), '--report-dir', out])
    expect(run.code, run.stderr).toBe(1) // the sample run holds a MUST failure
    const fleet = JSON.parse(readFileSync(join(out, 'fleet.json'), 'utf8')) as FleetSummary
    expect(fleet.targets.map((t) => t.name)).toEqual(['eu', 'us'])
    for (const name of ['eu', 'us']) {
      const report = JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8')) as Report
      expect(report.results).toHaveLength(whole.results.length)
      expect(report.merged).toMatchObject({ missing: [], duplicated: [] })
    }
  })

  it('refuses, before writing anything, what is not one run: another target, a directory without a report, both kinds at once', async () => {
    writeShard(join(root, 'a-1'), 1, 'http://a.example.org')
    writeShard(join(root, 'b-2'), 2, 'http://b.example.org')
    const targets = await runCli(['merge', join(root, 'a-1'), join(root, 'b-2'), '--report-dir', join(root, 'never')])
    expect(targets.code).toBe(2)
    expect(targets.stderr).toMatch(/is not part of the same run as .*: target http:\/\/b\.example\.org/)
    const empty = await runCli(['merge', root])
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('holds no readable report.json')
    const mixed = await runCli(['merge', join(root, 'a-1'), join(root, 'fleet-1')])
    expect(mixed.code).toBe(2)
    const none = await runCli(['merge'])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('give the directories of the partial reports')
    expect(() => readFileSync(join(root, 'never', 'report.json'))).toThrow()
  })

  it('refuses with exit 2, naming it, what is no report: a file other than report.json, a directory without one, a report beside fleets', async () => {
    const stray = join(root, 'stray', 'blob-1-2.json')
    mkdirSync(join(root, 'stray'), { recursive: true })
    writeFileSync(stray, '[["1","2"')
    const file = await runCli(['merge', stray, join(root, 'a-1'), '--report-dir', join(root, 'never-stray')])
    expect(file.code).toBe(2)
    expect(file.stderr).toContain(`${stray} is not a report directory nor a report.json`)
    expect(file.stderr).not.toMatch(/\n\s+at /) // a message, not a stack trace
    const dir = await runCli(['merge', join(root, 'stray')])
    expect(dir.code).toBe(2)
    expect(dir.stderr).toContain(`${join(root, 'stray')} holds no readable report.json`)
    const beside = await runCli(['merge', join(root, 'a-1'), join(root, 'fleet-1')])
    expect(beside.code).toBe(2)
    expect(beside.stderr).toContain('not both')
    expect(() => readFileSync(join(root, 'never-stray', 'report.json'))).toThrow()
    const help = await runCli(['merge', '--help'])
    expect(help.stdout).toContain('DIR...')
  })
})
