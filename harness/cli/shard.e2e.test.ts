import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { runCli } from '../../test/support/runCli.js'

const SEED = '4242'
const readReport = (dir: string): Report => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
const verdicts = (report: Report): Record<string, string> =>
  Object.fromEntries(report.results.map((r) => [r.id, r.status]).sort(([a], [b]) => a!.localeCompare(b!)))

describe('l2conf run --shard i/n and l2conf merge', () => {
  it('three shards of the reference, merged, give the verdicts of one unsharded run of the same seed', { timeout: 1_200_000 }, async () => {
    const root = await mkdtemp(join(tmpdir(), 'l2conf-shards-'))
    // One at a time: the runs share the machine with everything else, and the verdicts must not depend on load.
    const whole = await runCli(['run', '--reference', '--seed', SEED, '--no-discover', '--quiet', '--report-dir', join(root, 'whole')], { timeoutMs: 280_000 })
    expect(whole.code, whole.stderr).toBe(0)
    const shards: Report[] = []
    for (const index of [1, 2, 3]) {
      const run = await runCli(
        ['run', '--reference', '--seed', SEED, '--no-discover', '--quiet', '--shard', `${index}/3`, '--report-dir', join(root, `shard-${index}`)],
        { timeoutMs: 280_000 },
      )
      expect(run.code, run.stderr).toBe(0)
      const report = readReport(join(root, `shard-${index}`))
      expect(report.shard).toMatchObject({ index, count: 3 })
      expect(reportSchemaErrors(report)).toEqual([])
      shards.push(report)
    }
    // A deterministic slice each, together every check exactly once.
    const ids = shards.flatMap((report) => report.results.map((r) => r.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(shards.every((report) => report.results.length > 0)).toBe(true)

    const merge = await runCli([
      'merge',
      join(root, 'shard-1'),
      join(root, 'shard-2'),
      join(root, 'shard-3'),
      '--report-dir',
      join(root, 'merged'),
      '--format',
      'json',
    ])
    expect(merge.code, merge.stderr).toBe(0)
    expect(JSON.parse(merge.stdout)).toMatchObject({ verdict: 'pass', exitCode: 0 })
    const merged = readReport(join(root, 'merged'))
    expect(reportSchemaErrors(merged)).toEqual([])
    expect(merged.merged).toMatchObject({ missing: [], duplicated: [] })
    expect(verdicts(merged)).toEqual(verdicts(readReport(join(root, 'whole'))))
    expect(merged.summary).toEqual(readReport(join(root, 'whole')).summary)

    // A shard left out: its checks are named, not-run, and the merge fails.
    const partial = await runCli(['merge', join(root, 'shard-1'), join(root, 'shard-3'), '--report-dir', join(root, 'partial')])
    expect(partial.code).toBe(1)
    const lacking = readReport(join(root, 'partial'))
    expect(lacking.merged?.missing.sort()).toEqual(shards[1]!.results.map((r) => r.id).sort())
    // The unsharded run is not a part of the same sharded run.
    const mixed = await runCli(['merge', join(root, 'whole'), join(root, 'shard-1'), '--list'])
    expect(mixed.code).toBe(2)
    expect(mixed.stderr).toContain('shard count')

    // A shard of another seed (a short slice: identity, not content, is what is refused) is not part of this run.
    // Its report is redacted: --redact here names a method the envelope checks call, which their
    // results' latencies name.
    const secret = 'l2conf-e2e-s3cr3t-header-value'
    const other = await runCli(
      [
        'run',
        '--reference',
        '--seed',
        '4243',
        '--no-discover',
        '--quiet',
        '--shard',
        '1/3',
        '--only',
        'RPC-ENVELOPE',
        '--header',
        `X-Api-Key: ${secret}`,
        '--redact',
        'l2conf_noSuchMethod',
        '--report-dir',
        join(root, 'other-seed'),
      ],
      { timeoutMs: 280_000 },
    )
    expect(other.code, other.stderr).toBe(0)
    const otherReport = join(root, 'other-seed', 'report.json')
    expect(readFileSync(otherReport, 'utf8')).not.toMatch(new RegExp(`${secret}|l2conf_noSuchMethod`))
    expect(readFileSync(otherReport, 'utf8')).toContain('[REDACTED]')
    const refused = await runCli(['merge', join(root, 'other-seed'), join(root, 'shard-2'), join(root, 'shard-3'), '--report-dir', join(root, 'never')])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${join(root, 'shard-2')} is not part of the same run as ${join(root, 'other-seed')}: seed 4242 vs 4243`)
    expect(() => readFileSync(join(root, 'never', 'report.json'))).toThrow()
  })
})
