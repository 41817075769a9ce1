import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { listedCheckIds } from '../../test/support/listedCheckIds.js'
import { runCli } from '../../test/support/runCli.js'

const SECRET = 'Bearer l2conf-e2e-secret-7f3a9c'

/** The README's sample of the terminal summary: the fenced block after its marker comment. */
function readmeTerminalSummary(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const block = /<!-- terminal-summary:[^>]*-->\s*```text\n([\s\S]*?)\n```/.exec(readme)
  if (block === null) throw new Error('README.md has no terminal-summary block')
  return block[1]!
}

/** What differs between two runs of the same command on the same reference: ports, seed, time, report folder, a rate limit seen under load. */
function runInvariant(text: string): string {
  return text
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/seed \d+/g, 'seed <seed>')
    .replace(/ in [\d.]+ (?:s|min)\b/, ' in <time>')
    .replace(/rateLimit=('[^']*'|\S+)/, 'rateLimit=<seen>')
    .replace(/\(l2conf coverage [^)]*\)/, '(l2conf coverage <dir>)')
    .replace(/Reports: \S+\/report\.html/, 'Reports: <dir>/report.html')
}

async function reportFiles(dir: string): Promise<string> {
  const names = await readdir(dir)
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('\n')
}

describe('l2conf run --reference (the README main command, strict, with a secret header)', () => {
  it('certifies the bundled reference: every MUST and SHOULD passes, three reports written, no secret in them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-ref-'))
    const run = await runCli(['run', '--reference', '--strict', '--seed', '7', '--header', `Authorization: ${SECRET}`, '--report-dir', dir])
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
    const notPassed = report.results.filter((r) => r.status !== 'passed').map((r) => `${r.status} ${r.id}: ${r.message}`)
    expect(notPassed, run.stdout + run.stderr).toEqual([])
    expect(run.code).toBe(0)
    expect(report.summary.failed).toBe(0)
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({
      schemaVersion: 2,
      verdict: 'pass',
      exitCode: 0,
      strict: true,
      runtime: { node: process.version, platform: process.platform, arch: process.arch },
    })
    expect(report.results.map((r) => r.id).sort()).toEqual((await listedCheckIds()).sort())
    expect(existsSync(join(dir, 'junit.xml')) && existsSync(join(dir, 'report.html'))).toBe(true)
    const requirements = new Set(report.results.map((r) => r.requirement))
    for (const id of [
      'RPC-ENVELOPE',
      'RPC-HTTP',
      'RPC-WS',
      'RPC-SUBSCRIBE',
      'RPC-STANDARD',
      'RPC-ERRORS',
      'RANGE-SHAPE',
      'RANGE-ORDER',
      'RANGE-TAGS',
      'RANGE-FULLTX',
      'RANGE-CONSISTENT',
      'RANGE-INVALID',
      'INFO-SHAPE',
      'INFO-PROGRESS',
      'GAS-SHAPE',
      'GAS-CONSISTENT',
      'BLOCKED-ACCOUNTS',
      'BLOCKED-SENDTX',
      'SENDRAW',
      'CHAIN-INTEGRITY',
      'REST-SHAPE',
      'REST-ERRORS',
      'REST-CONSISTENT',
      'SPEC-VALID',
    ]) {
      expect(requirements, `no check certifies ${id}`).toContain(id)
    }
    // The README's front page shows this command's terminal summary: it stays the output it shows.
    expect(runInvariant(run.stdout.trimEnd()), 'README.md shows another terminal summary: paste this run').toBe(runInvariant(readmeTerminalSummary()))
    expect(await reportFiles(dir)).not.toContain('l2conf-e2e-secret-7f3a9c')
    expect(run.stdout + run.stderr).not.toContain('l2conf-e2e-secret-7f3a9c')
  })
})

describe('l2conf run: usage and reachability', () => {
  it('exits 2 with a clear message on a bad flag, a bad value and a partial target', async () => {
    const unknown = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/Unknown option '--frobnicate'/)
    const badRuns = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--runs', 'many'])
    expect(badRuns.code).toBe(2)
    expect(badRuns.stderr).toContain("--runs takes a whole number, got 'many'")
    const wsOnly = await runCli(['run', '--ws', 'ws://127.0.0.1:9'])
    expect(wsOnly.code).toBe(2)
    expect(wsOnly.stderr).toContain("--ws and --rest need the node's --rpc address too")
  })
  it('exits 2 on a spec file that is not there', async () => {
    const run = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--openrpc', '/nonexistent/openrpc.json'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/openrpc\.json/)
  })
  it('exits 3 and still writes a report when nothing listens at the target', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-unreachable-'))
    const run = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--report-dir', dir, '--timeout', '2000'])
    expect(run.code).toBe(3)
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
    expect(report.interrupted).toMatch(/could not be reached/)
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({ verdict: 'interrupted', exitCode: 3 })
  })
})
