import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscriptionMutants } from '../../test/mutants/families/subscriptionMutants.js'
import { startMutantProxy, type MutantProxy } from '../../test/mutants/mutantProxy.js'
import { mutantVerdict } from '../../test/mutants/mutantVerdict.js'
import { runMutant, type MutantRun } from '../../test/mutants/runMutant.js'
import type { Report } from '../report/result.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'

async function blockNumber(rpc: string): Promise<number> {
  const response = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  })
  return Number(((await response.json()) as { result: string }).result)
}

/**
 * The read-only profile against the live reference (`l2conf reference --block-time 1`, a separate
 * process whose head moves by itself, with logs, like a busy network): every check that races the
 * head must re-read rather than fail a correct node, and the subscription checks, inconclusive on a
 * still chain, must reach a verdict. Beside it, at the same time and on the same chain (read-only runs
 * change nothing), the subscription variants of the catalogue behind the mutant proxy: a node that
 * drops heads, mislabels its notifications, ignores a log filter or keeps notifying after
 * eth_unsubscribe no longer passes a read-only run on a moving head.
 */
describe('l2conf run --profile read-only against the live reference', () => {
  let reference: ReferenceHandle
  let proxy: MutantProxy
  let report: Report
  let code: number | null
  let moved = 0
  const variants = new Map<string, MutantRun>()

  beforeAll(async () => {
    reference = await startReference({ args: ['--block-time', '1'] })
    proxy = await startMutantProxy({ upstreamRpc: reference.rpc, upstreamWs: reference.ws, upstreamRest: reference.rest, mutants: subscriptionMutants })
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-live-'))
    const before = await blockNumber(reference.rpc)
    const certify = async (): Promise<void> => {
      const run = await runCli(
        [
          'run',
          '--rpc',
          reference.rpc,
          '--ws',
          reference.ws,
          '--rest',
          reference.rest,
          '--profile',
          'read-only',
          '--seed',
          '5',
          '--report-dir',
          join(dir, 'clean'),
        ],
        { timeoutMs: 280_000 },
      )
      moved = (await blockNumber(reference.rpc)) - before
      code = run.code
      report = JSON.parse(readFileSync(join(dir, 'clean', 'report.json'), 'utf8')) as Report
    }
    const catchVariant = async (name: string): Promise<void> => {
      const args = ['--profile', 'read-only', '--only', 'RPC-SUBSCRIBE', '--no-discover']
      variants.set(
        name,
        await runMutant(name, proxy.url(name), { privateKey: '0x' + '11'.repeat(32), reportDir: dir, seed: 5, runs: 5, extraArgs: args, timeoutMs: 240_000 }),
      )
    }
    await Promise.all([certify(), ...subscriptionMutants.map((m) => catchVariant(m.name))])
  }, 300_000)
  afterAll(async () => {
    await proxy?.stop()
    await reference?.stop()
  })

  it('certifies it: exit 0, no check failed, no MUST check inconclusive, while the head moved', () => {
    // A block a second: a run of several seconds sees several new heads (the engine runs the checks side by side, in well under 10 s).
    expect(moved, 'the head moved during the run').toBeGreaterThanOrEqual(3)
    const bad = report.results.filter(
      (r) => r.status === 'failed' || r.status === 'warning' || r.status === 'not-run' || (r.status === 'inconclusive' && r.level === 'MUST'),
    )
    expect(bad.map((r) => `${r.id} ${r.status}: ${r.message ?? ''}`)).toEqual([])
    expect(code).toBe(0)
  })

  it('judges the subscriptions in read-only: newHeads and logs pass, not inconclusive', () => {
    for (const id of ['subscribe.newHeads', 'subscribe.logs']) expect(report.results.find((r) => r.id === id)?.status, id).toBe('passed')
  })

  it.each(subscriptionMutants.map((m) => [m.name, m] as const))('catches %s read-only: it fails exactly RPC-SUBSCRIBE', (_name, mutant) => {
    const run = variants.get(mutant.name)!
    const verdict = mutantVerdict(mutant.name, mutant.requirement, run.report, run.exitCode, run.output, mutant.description)
    expect(verdict.ok, verdict.diagnostic).toBe(true)
  })
})
