import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckResult, Report } from '../report/result.js'
import { startAnvil, type AnvilHandle } from '../testing/startAnvil.js'
import { runCli } from '../testing/runCli.js'

/**
 * The suite against a real third-party node: Anvil answers the standard methods correctly, so every
 * standard-method check must pass (no false alarms); it lacks the rollup methods and does not block
 * eth_sendTransaction, so those requirements must fail with clear findings.
 */
describe('l2conf run against Anvil', () => {
  let anvil: AnvilHandle
  let report: Report
  let code: number | null
  const byRequirement = (id: string): CheckResult[] => report.results.filter((r) => r.requirement === id)

  beforeAll(async () => {
    // A block a second, so subscriptions have heads to notify in the read-only profile.
    anvil = await startAnvil(['--block-time', '1'])
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-anvil-'))
    const run = await runCli(['run', '--rpc', anvil.rpc, '--ws', anvil.ws, '--seed', '11', '--report-dir', dir])
    code = run.code
    report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
  })
  afterAll(async () => anvil?.stop())

  it('exits 1: Anvil is not a conforming layer-2 node', () => {
    expect(code).toBe(1)
  })

  it('raises no false alarm on the standard methods, the envelope, HTTP, WebSocket and subscriptions', () => {
    for (const id of ['RPC-STANDARD', 'RPC-ENVELOPE', 'RPC-HTTP', 'RPC-WS', 'RPC-SUBSCRIBE', 'CHAIN-INTEGRITY', 'BLOCKED-ACCOUNTS']) {
      const results = byRequirement(id)
      expect(results.length, `no ${id} check ran`).toBeGreaterThan(0)
      const bad = results.filter((r) => r.status === 'failed' || r.status === 'warning').map((r) => `${r.id}: ${r.message}`)
      expect(bad, id).toEqual([])
    }
  })

  it('reports the missing rollup methods with findings that say so', () => {
    for (const id of ['RANGE-SHAPE', 'RANGE-ORDER', 'RANGE-TAGS', 'RANGE-CONSISTENT', 'INFO-SHAPE', 'GAS-SHAPE']) {
      const failed = byRequirement(id).filter((r) => r.status === 'failed')
      expect(failed.length, `${id} should fail on Anvil`).toBeGreaterThan(0)
      expect(failed[0]?.message).toMatch(/-32601|not (found|supported|available)/i)
      expect(failed[0]?.reproduce).toMatch(/^curl /)
    }
  })

  it('reports the un-blocked eth_sendTransaction as a failure with its evidence', () => {
    const failed = byRequirement('BLOCKED-SENDTX').filter((r) => r.status === 'failed')
    expect(failed.length).toBeGreaterThan(0)
    // The probe is value-free, so Anvil (which does not block the method) refuses it for its zero gas price.
    expect(failed.map((r) => r.message).join(' ')).toMatch(/answered with a result|changed state|weighed the value-free probe/)
  })
})
