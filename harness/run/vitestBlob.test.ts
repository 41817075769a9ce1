import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createVitest, type Reporter } from 'vitest/node'
import { describe, expect, it } from 'vitest'
import { mergeReports } from '../report/mergeReports.js'
import { redactReport } from '../report/redact.js'
import type { CheckResult, Report } from '../report/result.js'
import { sampleReport } from '../report/sampleReport.js'
import { readRunBlobs, RunBlobReporter, type BlobRun } from './vitestBlob.js'

const SECRET = 'Bearer s3cr3t-t0ken-value'
const whole = sampleReport({ schemaVersion: 2, selection: { only: [], skip: [] }, options: {} })
const catalogue = whole.results.map(({ id, requirement, level, title }) => ({ id, requirement, level, title }))
const root = mkdtempSync(join(tmpdir(), 'l2conf-blob-test-'))

/** The run a blob says it belongs to: the sample run's header, shard `index` of 2. */
function runOf(index: number, overrides: Partial<BlobRun['report']> = {}): Omit<BlobRun, 'format'> {
  const { results: _results, summary: _summary, verdict: _verdict, exitCode: _exitCode, ...header } = whole
  return { report: { ...header, shard: { index, count: 2, catalogue }, ...overrides }, expectFailures: null }
}

/**
 * Runs a throwaway vitest project whose tests set the given check results as their meta (as check()
 * does), writing a blob with `reporter` (RunBlobReporter, or vitest's own for a foreign blob).
 */
async function runWith(name: string, results: CheckResult[], reporter: Reporter): Promise<void> {
  const dir = mkdtempSync(join(root, `${name}-`))
  const body = results.map((result) => `test(${JSON.stringify(result.id)}, (t) => { t.task.meta.l2conf = ${JSON.stringify(result)} })`).join('\n')
  writeFileSync(join(dir, 'checks.fixture.js'), `${body}\n`)
  const vitest = await createVitest('test', { root: dir, config: false, include: ['checks.fixture.js'], globals: true, watch: false, reporters: [reporter] }, {}, { stdout: process.stdout, stderr: process.stderr })
  try {
    await vitest.start([])
  } finally {
    await vitest.close()
  }
}

async function blobOf(name: string, results: CheckResult[], run: Omit<BlobRun, 'format'>, cutShort = false): Promise<string> {
  const file = join(root, `${name}.json`)
  const redact = <T>(value: T): T => redactReport(value as never, [SECRET]) as T
  await runWith(name, results, new RunBlobReporter(file, async () => (cutShort ? { ...run, cutShort: 'cut short' } : run), redact))
  return file
}

async function refusal(files: string[]): Promise<string> {
  try {
    await readRunBlobs(files, process.cwd())
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

const half = (index: number): CheckResult[] => whole.results.filter((_, i) => i % 2 === index - 1)

describe('vitest blobs of sharded runs', { timeout: 120_000 }, () => {
  it('read back into the partial report the run wrote: its header, and each result with its evidence, redacted', async () => {
    const secretive = half(1).map((result, i) => (i === 0 ? { ...result, message: `${result.message} (sent ${SECRET})` } : result))
    const file = await blobOf('shard-1', secretive, runOf(1))
    expect(readFileSync(file, 'utf8')).not.toContain('s3cr3t-t0ken')
    const [part] = await readRunBlobs([file], process.cwd())
    const report = part!.report
    expect(part!.source).toBe(file)
    expect(report).toMatchObject({ target: whole.target, seed: whole.seed, profile: whole.profile, specs: whole.specs, shard: { index: 1, count: 2, catalogue } })
    const expected = redactReport({ ...whole, results: secretive }, [SECRET]).results
    expect([...report.results].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...expected].sort((a, b) => a.id.localeCompare(b.id)))
    expect(report.results[0]?.message ?? '').not.toContain('s3cr3t')
    expect(JSON.stringify(report)).toContain('[REDACTED]')
  })

  it('merge as partial reports do: two shards make the whole run, one given twice is named duplicated', async () => {
    const one = await blobOf('merge-1', half(1), runOf(1))
    const two = await blobOf('merge-2', half(2), runOf(2))
    const parts = await readRunBlobs([one, two, two], process.cwd())
    const merged = mergeReports(parts.slice(0, 2))
    expect(merged.merged).toEqual({ sources: [one, two], missing: [], duplicated: [] })
    expect(merged.summary).toEqual(mergeReports([{ source: 'whole', report: whole }]).summary)
    expect(mergeReports(parts).merged?.duplicated).toEqual(half(2).map((r) => r.id).sort())
    expect(mergeReports([parts[0]!]).merged?.missing).toEqual(half(2).map((r) => r.id).sort())
  })

  it('a blob of another seed is refused by the merge, naming what differs', async () => {
    const one = await blobOf('seed-1', half(1), runOf(1))
    const other = await blobOf('seed-2', half(2), runOf(2, { seed: whole.seed + 1 }))
    const parts = await readRunBlobs([one, other], process.cwd())
    expect(() => mergeReports(parts)).toThrow(`${other} is not part of the same run as ${one}: seed ${whole.seed + 1} vs ${whole.seed}`)
  })

  it('a run cut short says so', async () => {
    const [part] = await readRunBlobs([await blobOf('cut', half(1), runOf(1), true)], process.cwd())
    expect(part!.report).toMatchObject({ interrupted: 'cut short', verdict: 'interrupted', exitCode: 1 })
  })

  it('refuses what is no l2conf blob: not JSON, not a blob, another vitest version, a blob of some other vitest run', async () => {
    const garbage = join(root, 'garbage.json')
    writeFileSync(garbage, 'not json at all')
    expect(await refusal([garbage])).toMatch(new RegExp(`^${garbage} is not a vitest blob report this l2conf can read: `))
    const json = join(root, 'plain.json')
    writeFileSync(json, JSON.stringify({ verdict: 'pass' }))
    expect(await refusal([json])).toMatch(new RegExp(`^${json} is not a vitest blob report`))
    const good = await blobOf('versioned', half(1), runOf(1))
    const versioned = join(root, 'old-version.json')
    writeFileSync(versioned, readFileSync(good, 'utf8').replace(/^\[\["1","2","3",null,([^\]]*)\],"\d+\.\d+\.\d+"/, '[["1","2","3",null,$1],"0.0.1"'))
    expect(await refusal([versioned])).toMatch(/old-version\.json is not a vitest blob report this l2conf can read: .*different version of Vitest/)
    const foreign = join(root, 'foreign.json')
    const blob = (await import('vitest/node')).ReportersMap.blob
    await runWith('foreign', half(1), new blob({ outputFile: foreign }))
    expect(await refusal([foreign])).toBe(`${foreign} is a vitest blob report, but not of an l2conf run --shard (its test modules carry no l2conf run)`)
    expect(await refusal([join(root, 'absent.json')])).toContain('absent.json cannot be read (ENOENT)')
  })
})
