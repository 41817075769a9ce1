import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'
import { startAnvil } from '../../test/nodes/startAnvil.js'
import { GANACHE_DEV_KEY, startGanache } from '../../test/nodes/startGanache.js'
import { HARDHAT_DEV_KEY, startHardhat } from '../../test/nodes/startHardhat.js'
import type { NodeHandle } from '../../test/nodes/startNodeProcess.js'

type Profile = 'read-only' | 'full'

interface ThirdPartyNode {
  name: string
  start(): Promise<NodeHandle>
  /** The node's own first development key, which the full profile signs with. */
  key: string
  /**
   * The requirements a run fails (a failed MUST, or a SHOULD warning), per profile: exactly these,
   * each explained, with its clause, in docs/third-party-nodes.md.
   */
  expected: Record<Profile, readonly string[]>
}

/** What none of the three has: the layer-2 node's own methods (the interface document, section 4.2). */
const ROLLUP_METHODS = ['RANGE-SHAPE', 'RANGE-ORDER', 'RANGE-TAGS', 'RANGE-FULLTX', 'RANGE-CONSISTENT', 'INFO-SHAPE', 'GAS-SHAPE']
/** The same absence seen by a SHOULD: the refusals openrpc.json names codes for come with the unknown-method code (a warning). */
const ROLLUP_REFUSALS = ['RANGE-INVALID']

/**
 * Both profiles find the same deviations; the full one adds SENDRAW (the suite follows the signed
 * transaction it sent into eth_getBlockRange, which none of the three serves) and what only its own
 * transactions show (`fullOnly`).
 */
const withFull = (readOnly: readonly string[], fullOnly: readonly string[] = []): Record<Profile, readonly string[]> => ({
  'read-only': readOnly,
  full: [...readOnly, ...fullOnly, 'SENDRAW'],
})

const NODES: readonly ThirdPartyNode[] = [
  {
    name: 'Anvil',
    // A block a second, so subscriptions have heads to notify in the read-only profile.
    start: () => startAnvil(['--block-time', '1']),
    key: HARDHAT_DEV_KEY,
    expected: withFull(['RPC-ERRORS', ...ROLLUP_METHODS, ...ROLLUP_REFUSALS, 'BLOCKED-SENDTX', 'EXPOSURE']),
  },
  {
    name: 'Ganache',
    start: () => startGanache(),
    key: GANACHE_DEV_KEY,
    // CLIENT-COMPAT in full only: the reverts it judges are the probe token's, which only the full profile deploys.
    expected: withFull(
      ['RPC-ENVELOPE', 'RPC-HTTP', 'RPC-STANDARD', 'RPC-ERRORS', ...ROLLUP_METHODS, ...ROLLUP_REFUSALS, 'BLOCKED-SENDTX', 'EXPOSURE'],
      ['CLIENT-COMPAT'],
    ),
  },
  {
    name: 'Hardhat',
    start: () => startHardhat(),
    key: HARDHAT_DEV_KEY,
    expected: withFull(['RPC-ENVELOPE', 'RPC-HTTP', 'RPC-ERRORS', ...ROLLUP_METHODS, ...ROLLUP_REFUSALS, 'BLOCKED-SENDTX', 'CHAIN-INTEGRITY', 'EXPOSURE']),
  },
]

/** The requirements a report fails, sorted (a failed check, or a SHOULD warning). */
function failedRequirements(report: Report): string[] {
  return [...new Set(report.results.filter((r) => r.status === 'failed' || r.status === 'warning').map((r) => r.requirement))].sort()
}

interface NodeRun {
  report: Report
  code: number | null
}

/**
 * The suite against real third-party Ethereum nodes, each in both profiles (the full one signing with
 * the node's own development key): correct behaviour must never be a finding, and every real deviation
 * must be one. Each node and profile gets a node of its own, and all six runs go at once (a run is
 * mostly waiting on blocks). LIMITS discovery is left out: it is INFO, never fails a run, and its
 * searches are most of a run's time against these nodes; five generated inputs a property, not
 * twenty, as in the mutant catalogue: the deviations found are the same.
 */
describe('l2conf run against Anvil, Ganache and Hardhat', () => {
  const runs = new Map<string, NodeRun>()
  const nodes: NodeHandle[] = []

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-third-party-'))
    await Promise.all(
      NODES.flatMap((node) =>
        (['read-only', 'full'] as const).map(async (profile) => {
          const handle = await node.start()
          nodes.push(handle)
          const reportDir = join(dir, `${node.name}-${profile}`)
          const keyArgs = profile === 'full' ? ['--private-key', node.key] : []
          const run = await runCli(
            [
              'run',
              '--rpc',
              handle.rpc,
              '--ws',
              handle.ws,
              '--profile',
              profile,
              ...keyArgs,
              '--seed',
              '11',
              '--runs',
              '5',
              '--no-discover',
              '--report-dir',
              reportDir,
            ],
            { timeoutMs: 560_000 },
          )
          runs.set(`${node.name} ${profile}`, { code: run.code, report: JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as Report })
          await handle.stop()
        }),
      ),
    )
  }, 600_000)
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  })

  for (const node of NODES) {
    for (const profile of ['read-only', 'full'] as const) {
      it(`${node.name}, ${profile}: fails exactly the requirements docs/third-party-nodes.md explains`, () => {
        const run = runs.get(`${node.name} ${profile}`)!
        expect(run.code).toBe(1)
        const failed = failedRequirements(run.report)
        const findings = run.report.results
          .filter((r) => r.status === 'failed' || r.status === 'warning')
          .map((r) => `${r.requirement} ${r.id}: ${r.message ?? ''}`)
        expect(failed, findings.join('\n')).toEqual([...node.expected[profile]].sort())
      })
    }
  }

  it("reports the missing rollup methods with the node's own error and a curl line", () => {
    for (const [name, run] of runs) {
      for (const id of ROLLUP_METHODS) {
        const failed = run.report.results.find((r) => r.requirement === id && r.status === 'failed')
        expect(failed?.message, `${name} ${id}`).toMatch(/does not exist|not (found|supported|available)/i)
        expect(failed?.reproduce, `${name} ${id}`).toMatch(/^curl /)
      }
    }
  })

  it("shows BLOCKED-SENDTX's evidence: the probe signed and mined, or weighed and refused for its price", () => {
    for (const [name, run] of runs) {
      const messages = run.report.results
        .filter((r) => r.requirement === 'BLOCKED-SENDTX' && r.status === 'failed')
        .map((r) => r.message ?? '')
        .join(' ')
      expect(messages, name).toMatch(/answered with a result|carries the blocked call's probe|weighed the value-free probe/)
    }
  })

  it("shows EXPOSURE's evidence: the development accounts eth_accounts lists, with a curl line", () => {
    for (const [name, run] of runs) {
      const wallet = run.report.results.find((r) => r.id === 'exposure.wallet.http')
      expect(wallet?.status, name).toBe('failed')
      expect(wallet?.message, name).toMatch(/^eth_accounts over HTTP answered a result listing \d+ accounts: .*reproduce: curl /)
    }
  })
})
