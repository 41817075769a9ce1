import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { FleetSummary } from '../report/fleetSummary.js'
import type { Report } from '../report/result.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { requirementIds } from '../requirements/index.js'
import { listedCheckIds } from '../../test/support/listedCheckIds.js'
import { runCli } from '../../test/support/runCli.js'
import { startAnvil, type AnvilHandle } from '../../test/nodes/startAnvil.js'

/**
 * Anvil's row: a correct Ethereum node without the rollup's methods. It passes the envelope, transports,
 * chain integrity and the blocked eth_accounts; it fails the rollup's own methods and does not block
 * eth_sendTransaction; a fresh Anvil's empty blocks leave the live standard-method samples (and the
 * counters' checks, behind their shapes) inconclusive, never passed, and so are the subscriptions (a
 * read-only run makes no block, and Anvil mines only on a transaction); it answers malformed JSON with
 * -32600 where JSON-RPC says -32700, and the ranges openrpc.json refuses with -32602 with -32601 (it has
 * no eth_getBlockRange): SHOULDs, so warnings; it has no REST service.
 */
const ANVIL_ROW: Record<string, string> = {
  'SPEC-VALID': 'passed',
  'RPC-ENVELOPE': 'passed',
  'RPC-HTTP': 'passed',
  'RPC-WS': 'passed',
  'RPC-SUBSCRIBE': 'inconclusive',
  'RPC-STANDARD': 'inconclusive',
  'RPC-ERRORS': 'warning',
  'RANGE-SHAPE': 'failed',
  'RANGE-ORDER': 'failed',
  'RANGE-TAGS': 'failed',
  'RANGE-FULLTX': 'failed',
  'RANGE-CONSISTENT': 'failed',
  'RANGE-INVALID': 'warning',
  'INFO-SHAPE': 'failed',
  'INFO-PROGRESS': 'inconclusive',
  'GAS-SHAPE': 'failed',
  'GAS-CONSISTENT': 'inconclusive',
  'BLOCKED-ACCOUNTS': 'passed',
  'BLOCKED-SENDTX': 'failed',
  // Its development accounts are listed by eth_accounts, and it answers eth_sign (docs/third-party-nodes.md).
  EXPOSURE: 'failed',
  SENDRAW: 'passed',
  'CHAIN-INTEGRITY': 'passed',
  // The libraries read the chain well, but its empty blocks give them no transaction, log or token to read.
  'CLIENT-COMPAT': 'inconclusive',
  'REST-SHAPE': 'skipped',
  'REST-ERRORS': 'skipped',
  'REST-CONSISTENT': 'skipped',
  LIMITS: 'skipped',
}

describe('l2conf run --targets: a fleet of the reference, the reference on another chain id, and Anvil', () => {
  let reference: ReferenceHandle
  let otherChain: ReferenceHandle
  let anvil: AnvilHandle
  const dir = { path: '' }

  beforeAll(async () => {
    // Live references (a block with a log every second, as on a busy network): a read-only run makes no
    // block itself, so on a still reference the subscription checks would wait out their idle time-outs
    // (about 20 s each, per target) to end inconclusive; on a moving head they reach a verdict.
    const live = ['--block-time', '1']
    ;[reference, otherChain, anvil] = await Promise.all([
      startReference({ args: live }),
      startReference({ args: ['--chain-id', '902', ...live] }),
      startAnvil(['--block-time', '1']),
    ])
    dir.path = await mkdtemp(join(tmpdir(), 'l2conf-fleet-'))
  })
  afterAll(async () => {
    await Promise.all([reference?.stop(), otherChain?.stop(), anvil?.stop()])
  })

  it('certifies each target into its own directory and writes the targets x requirements matrix', { timeout: 1_200_000 }, async () => {
    const file = join(dir.path, 'fleet.yaml')
    writeFileSync(
      file,
      [
        'targets:',
        `  - { name: reference, rpc: '${reference.rpc}', ws: '${reference.ws}', rest: '${reference.rest}' }`,
        `  - { name: chain-902, rpc: '${otherChain.rpc}', ws: '${otherChain.ws}', rest: '${otherChain.rest}' }`,
        `  - { name: anvil, rpc: '${anvil.rpc}', ws: '${anvil.ws}' }`,
      ].join('\n'),
    )
    const out = join(dir.path, 'reports')
    const run = await runCli(['run', '--targets', file, '--seed', '11', '--no-discover', '--report-dir', out, '--format', 'json'], { timeoutMs: 1_100_000 })
    expect(run.code, run.stderr.slice(-3000)).toBe(1)
    const fleet = JSON.parse(readFileSync(join(out, 'fleet.json'), 'utf8')) as FleetSummary
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'fail', exitCode: 1 })
    expect(fleet.targets.map((t) => [t.name, t.verdict, t.exitCode])).toEqual([
      ['reference', 'pass', 0],
      ['chain-902', 'pass', 0],
      ['anvil', 'fail', 1],
    ])
    expect(fleet.requirements.slice(0, requirementIds.length)).toEqual([...requirementIds])

    const ids = (await listedCheckIds()).sort()
    for (const name of ['reference', 'chain-902', 'anvil']) {
      const report = JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8')) as Report
      expect(reportSchemaErrors(report)).toEqual([])
      expect(report.results.map((r) => r.id).sort(), `${name}: every check once`).toEqual(ids)
      expect(existsSync(join(out, name, 'junit.xml')) && existsSync(join(out, name, 'report.html'))).toBe(true)
    }
    // Both live references conform, on either chain id: every requirement passed (the subscriptions
    // included: their heads and logs come by themselves) but LIMITS (discovery off).
    for (const name of ['reference', 'chain-902']) {
      const row = fleet.matrix[name]!
      for (const id of requirementIds) expect(row[id], `${name} ${id}`).toBe(id === 'LIMITS' ? 'skipped' : 'passed')
    }
    expect(fleet.matrix.anvil).toEqual(ANVIL_ROW)

    const html = readFileSync(join(out, 'fleet.html'), 'utf8')
    expect(html).toContain('href="anvil/report.html"')
    expect(html).toContain('l2conf fleet certification: fail')
  })

  it(
    '--fail-fast stops at the first failed check: the rest not-run with the reason, every check listed once, verdict fail, exit 1',
    { timeout: 600_000 },
    async () => {
      const out = join(dir.path, 'fail-fast')
      const run = await runCli(['run', '--rpc', anvil.rpc, '--ws', anvil.ws, '--seed', '11', '--no-discover', '--fail-fast', '--quiet', '--report-dir', out])
      expect(run.code, run.stderr.slice(-3000)).toBe(1)
      expect(run.stdout).toBe('')
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
      expect(reportSchemaErrors(report)).toEqual([])
      expect(report).toMatchObject({ verdict: 'fail', exitCode: 1, stopped: 'the run stopped after 1 failed check (--fail-fast)' })
      expect(report.interrupted).toBeUndefined()
      expect(report.results.map((r) => r.id).sort()).toEqual((await listedCheckIds()).sort())
      expect(report.summary.failed).toBeGreaterThanOrEqual(1)
      const notRun = report.results.filter((r) => r.status === 'not-run')
      expect(notRun.length).toBeGreaterThan(0)
      expect(notRun.every((r) => r.message.startsWith('the run stopped after 1 failed check (--fail-fast)'))).toBe(true)
    },
  )
})
