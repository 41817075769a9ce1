import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { listedCheckIds } from '../../test/support/listedCheckIds.js'
import { runCli } from '../../test/support/runCli.js'
import { httpServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'

function readReport(dir: string): Report {
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
  expect(reportSchemaErrors(report), 'report.json conforms to report.schema.json').toEqual([])
  return report
}

const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `l2conf-${name}-`))

/** A target that counts what it is sent and answers eth_chainId well enough to be reachable. */
async function countingTarget(): Promise<ThrowawayServer & { requests: () => number }> {
  let requests = 0
  const server = await httpServer((request, response) => {
    requests++
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const id = (() => {
        try {
          return (JSON.parse(body) as { id?: unknown }).id ?? null
        } catch {
          return null
        }
      })()
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
    })
  })
  return Object.assign(server, { requests: () => requests })
}

describe('l2conf run refuses, before sending anything, what would certify nothing', () => {
  let target: ThrowawayServer & { requests: () => number }
  beforeAll(async () => {
    target = await countingTarget()
  })
  afterAll(async () => {
    await target.close()
  })

  it('a --only or --skip glob that matches nothing is exit 2, even beside globs that match', async () => {
    const run = await runCli(['run', '--rpc', target.url, '--only', 'RANGE-*', '--only', 'RNGE-*', '--skip', 'no.such.check', '--report-dir', tempDir('glob')])
    expect(run.code, run.stderr).toBe(2)
    expect(run.stderr).toContain("--only 'RNGE-*' matches no check id and no requirement id")
    expect(run.stderr).toContain("--skip 'no.such.check' matches no check id and no requirement id")
    expect(run.stderr).toMatch(/requirement ids: SPEC-VALID, RPC-ENVELOPE, .*LIMITS/)
    expect(run.stderr).toContain("see 'l2conf run --list'")
    expect(target.requests()).toBe(0)
  })

  it('--list prints the check ids the selection picks, and sends nothing', async () => {
    const run = await runCli(['run', '--rpc', target.url, '--list', '--only', 'RANGE-ORDER'])
    expect(run.code, run.stderr).toBe(0)
    const rows = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
    expect(rows.length).toBeGreaterThan(100)
    expect(rows.filter((row) => row[3] === 'selected').every((row) => row[1] === 'RANGE-ORDER')).toBe(true)
    expect(rows.some((row) => row[3] === 'selected')).toBe(true)
    expect(target.requests()).toBe(0)
  })

  it('no target is exit 2 that says how to name one', async () => {
    const run = await runCli(['run', '--seed', '1'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no target: name the node to certify with --rpc URL (or L2CONF_RPC)')
    expect(run.stderr).toContain('l2conf run --reference')
  })

  it('a bad L2CONF_* value is exit 2 naming the variable; a good one is used, flags winning', async () => {
    const bad = await runCli(['run', '--rpc', target.url], { env: { L2CONF_SEED: 'abc' } })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("L2CONF_SEED takes a whole number, got 'abc'")
    const dir = tempDir('env')
    const good = await runCli(['run', '--only', 'SPEC-VALID', '--no-discover', '--seed', '5', '--report-dir', dir], {
      env: { L2CONF_RPC: target.url, L2CONF_SEED: '9', L2CONF_RUNS: '3' },
    })
    expect(good.code, good.stdout + good.stderr).toBe(0)
    const report = readReport(dir)
    expect(report).toMatchObject({ target: { rpc: target.url }, seed: 5, verdict: 'pass', exitCode: 0, selection: { only: ['SPEC-VALID'], skip: [] } })
    expect(report.options).toMatchObject({ runs: 3, discover: false })
  })

  it('an unwritable --report-dir is exit 2 before the run (no stack trace, no busy loop)', async () => {
    const before = target.requests()
    const file = join(tempDir('notadir'), 'file')
    await import('node:fs/promises').then((fs) => fs.writeFile(file, ''))
    for (const dir of [join(file, 'reports'), '/proc/l2conf-reports']) {
      const run = await runCli(['run', '--rpc', target.url, '--report-dir', dir], { timeoutMs: 60_000 })
      expect(run.code, run.stderr).toBe(2)
      expect(run.stderr).toContain(`--report-dir ${dir} cannot be written`)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
    expect(target.requests()).toBe(before)
  })
})

describe('l2conf run --reference: verdicts a CI gate can trust', () => {
  it('a run where no check reached a verdict is nothing-certified, exit 1, in every output; reports/latest points at it', async () => {
    const cwd = realpathSync(tempDir('latest'))
    const run = await runCli(['run', '--reference', '--only', 'LIMITS', '--no-discover'], { cwd })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('Result: NOTHING CERTIFIED (no check reached a verdict: nothing was certified)')
    const runs = readdirSync(join(cwd, 'reports')).filter((name) => name !== 'latest')
    expect(runs).toHaveLength(1)
    const latest = join(cwd, 'reports', 'latest')
    expect(realpathSync(latest)).toBe(join(cwd, 'reports', runs[0]!))
    const report = readReport(latest)
    expect(report).toMatchObject({ verdict: 'nothing-certified', exitCode: 1, selection: { only: ['LIMITS'], skip: [] } })
    expect(report.results.length).toBeGreaterThan(0)
    expect(readFileSync(join(latest, 'report.html'), 'utf8')).toContain('nothing was certified')
    expect(readFileSync(join(latest, 'junit.xml'), 'utf8')).toContain('type="nothing-certified"')
    // The selected checks never call eth_sendTransaction: no warning about it.
    expect(run.stderr).not.toContain('could move funds')
  })

  it('an interrupted run (SIGINT) lists every check exactly once: its verdict, or not-run with the reason', async () => {
    const dir = tempDir('sigint')
    let sent = false
    const run = await runCli(['run', '--reference', '--report-dir', dir], {
      onStart: (child) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          if (!sent && chunk.toString().includes('l2conf: certifying')) {
            sent = true
            setTimeout(() => child.kill('SIGINT'), 4000)
          }
        })
      },
    })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stderr).toContain('this run calls eth_sendTransaction (BLOCKED-SENDTX)')
    expect(run.stderr).toContain('--skip BLOCKED-SENDTX')
    const report = readReport(dir)
    expect(report).toMatchObject({ verdict: 'interrupted', exitCode: 1, interrupted: 'interrupted by SIGINT' })
    const ids = report.results.map((result) => result.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual((await listedCheckIds()).sort())
    const notRun = report.results.filter((result) => result.status === 'not-run')
    expect(notRun.length).toBeGreaterThan(0)
    for (const result of notRun) expect(result.message).toMatch(/^interrupted by SIGINT (before|while) this check ran$/)
    expect(report.summary.notRun).toBe(notRun.length)
    expect(run.stdout).toContain('Result: INTERRUPTED')
  })
})

describe('l2conf run keeps secrets out of every output', () => {
  const KEY = '9aa3d95b3bc440fa88ea12eaa4456161'
  const PASSWORD = 'hunter2-pw-5512'
  const API_KEY = 'qk-2288-apikey-value'
  const TOKEN = 'sk-live-7f3a9c00aa'
  let target: ThrowawayServer

  beforeAll(async () => {
    // A hostile target: every answer is wrong and carries a token and the address it was sent to.
    target = await httpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        let id: unknown = null
        try {
          id = (JSON.parse(body) as { id?: unknown }).id ?? null
        } catch {
          id = null
        }
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: `${TOKEN} ${request.url ?? ''} ${request.headers.authorization ?? ''}` }))
      })
    })
  })
  afterAll(async () => {
    await target.close()
  })

  it('masks URL userinfo, key-like path segments, query values and --redact patterns on stdout, stderr and in every report', async () => {
    const dir = tempDir('secrets')
    const rpc = `http://user:${PASSWORD}@127.0.0.1:${target.port}/v2/${KEY}?apikey=${API_KEY}`
    const run = await runCli(['run', '--rpc', rpc, '--only', 'RPC-HTTP', '--no-discover', '--redact', 'sk-live-[0-9a-f]+', '--report-dir', dir])
    expect(run.code, run.stdout + run.stderr).toBe(1)
    const report = readReport(dir)
    expect(report.results.some((result) => result.status === 'failed' && result.reproduce !== undefined)).toBe(true)
    const outputs = [run.stdout, run.stderr, ...readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'))].join('\n')
    for (const secret of [PASSWORD, KEY, API_KEY, TOKEN, encodeURIComponent(API_KEY)]) expect(outputs, secret).not.toContain(secret)
    expect(report.target.rpc).toBe(`http://***:***@127.0.0.1:${target.port}/v2/***?apikey=***`)
    expect(outputs).toContain('[REDACTED]')
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true)
  })
})
