import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'

/** Blocks of generated history, then of deposits only: the history checks' facts all lie past a quiet stretch longer than two eth_getBlockRange windows. */
const HISTORY = 80
const QUIET = 2_100

/** The checks that need chain data, read-only. */
const CHAIN_CHECKS = ['history.*', 'standard.*.live', 'standard.transaction-placement', 'standard.state-agreement']

describe('the history search, on the reference gone quiet', () => {
  let reference: ReferenceHandle
  beforeAll(async () => {
    reference = await startReference({ args: ['--history', String(HISTORY), '--quiet', String(QUIET)], timeoutMs: 120_000 })
  })
  afterAll(async () => {
    await reference?.stop()
  })

  it(`decides every history check from blocks before a quiet stretch of ${QUIET} blocks, and names the blocks it used`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-search-'))
    const cli = await runCli(['run', '--rpc', reference.rpc, '--ws', reference.ws, ...CHAIN_CHECKS.flatMap((glob) => ['--only', glob]), '--report-dir', dir])
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
    const ran = report.results.filter((result) => result.status !== 'skipped')
    expect(
      ran.filter((result) => result.status !== 'passed').map((result) => `${result.id} ${result.status}: ${result.message ?? ''}`),
      cli.stdout + cli.stderr,
    ).toEqual([])
    expect(cli.code).toBe(0)
    const message = (id: string): string => ran.find((result) => result.id === id)?.message ?? ''
    // Every fact lies in the history, before the deposits: the blocks named are at most HISTORY.
    for (const id of ['history.account', 'history.code', 'history.call']) {
      expect(message(id)).toMatch(/history searched from the head \d+: blocks \d+ to \d+ read \(eth_getBlockRange in windows of 1000 blocks/)
      const blocks = [...message(id).matchAll(/at blocks? (\d+)/g)].map((m) => Number(m[1]))
      expect(blocks.length, message(id)).toBeGreaterThan(0)
      expect(Math.max(...blocks), message(id)).toBeLessThanOrEqual(HISTORY)
    }
    expect(message('standard.transaction-placement')).toMatch(/the newest that holds any below the head/)
  })
})
