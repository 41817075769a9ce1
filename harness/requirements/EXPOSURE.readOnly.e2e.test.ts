import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certify } from '../api/certify.js'
import type { Report } from '../report/result.js'
import { startAnvil } from '../../test/nodes/startAnvil.js'
import { startGanache } from '../../test/nodes/startGanache.js'
import { startHardhat } from '../../test/nodes/startHardhat.js'
import type { NodeHandle } from '../../test/nodes/startNodeProcess.js'
import { UNHOLDABLE_ADDRESS } from './EXPOSURE.probes.js'

/** One JSON-RPC call of the test's own (not the suite's), its result or a thrown error. */
async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
    signal: AbortSignal.timeout(30_000),
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result
}

/** What a probe could have changed: the head, the accounts the node lists, and each one's nonce (mined and pending) and balance. */
async function stateOf(url: string): Promise<unknown> {
  const accounts = (await rpc(url, 'eth_accounts')) as string[]
  const watched = [...accounts, UNHOLDABLE_ADDRESS]
  return {
    blockNumber: await rpc(url, 'eth_blockNumber'),
    accounts,
    each: await Promise.all(
      watched.map(async (address) => ({
        address,
        nonce: await rpc(url, 'eth_getTransactionCount', [address, 'latest']),
        pending: await rpc(url, 'eth_getTransactionCount', [address, 'pending']),
        balance: await rpc(url, 'eth_getBalance', [address, 'latest']),
      })),
    ),
  }
}

/** Starts a node, then stops its own block production with its own method, so any block after that is the run's. */
function stopped(start: () => Promise<NodeHandle>, method: string, params: unknown[]): () => Promise<NodeHandle> {
  return async () => {
    const node = await start()
    await rpc(node.rpc, method, params)
    return node
  }
}

interface DevNode {
  name: string
  /** Starts the node with no block of its own making, so any block after the run would be the run's. */
  start(): Promise<NodeHandle>
  /** What EXPOSURE finds open, per way in (the words of its report), as docs/third-party-nodes.md lists it. */
  exposed: Record<'http' | 'ws' | 'batch', string>
}

const NODES: readonly DevNode[] = [
  {
    name: 'Anvil',
    // Without --block-time, Anvil mines only the transactions it is sent.
    start: () => startAnvil(),
    exposed: {
      http: 'exposed over HTTP: eth_accounts, eth_sign, eth_signTransaction, txpool_status, debug_traceTransaction',
      // Anvil answers an unknown method -32602 over WebSocket, the code of its eth_sign refusal there too: the two cannot be told apart.
      ws: 'exposed over WebSocket: eth_accounts, txpool_status, debug_traceTransaction',
      batch: 'exposed inside a batch over HTTP: eth_accounts, eth_sign, eth_signTransaction, txpool_status, debug_traceTransaction',
    },
  },
  {
    name: 'Ganache',
    // Its launcher mines a block a second; miner_stop (Ganache's own) stops that before anything is read.
    start: stopped(() => startGanache(), 'miner_stop', []),
    exposed: {
      http: 'exposed over HTTP: eth_accounts, personal_listAccounts',
      ws: 'exposed over WebSocket: eth_accounts, personal_listAccounts',
      batch: 'exposed inside a batch over HTTP: eth_accounts, personal_listAccounts',
    },
  },
  {
    name: 'Hardhat',
    // Its launcher mines a block a second; evm_setIntervalMining 0 (Hardhat's own) stops that before anything is read.
    start: stopped(() => startHardhat(), 'evm_setIntervalMining', [0]),
    exposed: {
      http: 'exposed over HTTP: eth_accounts, eth_sign, debug_traceTransaction',
      ws: 'exposed over WebSocket: eth_accounts, eth_sign, debug_traceTransaction',
      batch: 'exposed inside a batch over HTTP: eth_accounts, eth_sign, debug_traceTransaction',
    },
  },
]

interface Observed {
  before: unknown
  after: unknown
  report: Report
}

/**
 * EXPOSURE is read-only on nodes that expose everything it probes: against Anvil, Ganache and
 * Hardhat (development nodes, their wallets, txpool and debug namespaces open on purpose), a run
 * restricted to EXPOSURE leaves the head, the accounts the node lists, and each one's nonce (mined and
 * pending) and balance as they were, and finds what each leaves open. The three go at once.
 */
describe('EXPOSURE against Anvil, Ganache and Hardhat: read-only, and what each exposes', () => {
  const observed = new Map<string, Observed>()
  const nodes: NodeHandle[] = []

  beforeAll(async () => {
    await Promise.all(
      NODES.map(async (node) => {
        const handle = await node.start()
        nodes.push(handle)
        const before = await stateOf(handle.rpc)
        const report = await certify({ rpc: handle.rpc, ws: handle.ws, only: ['EXPOSURE'], seed: 35 })
        observed.set(node.name, { before, after: await stateOf(handle.rpc), report })
      }),
    )
  }, 240_000)
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  })

  for (const node of NODES) {
    it(`${node.name}: the run changed nothing`, () => {
      const { before, after, report } = observed.get(node.name)!
      expect(report.results.filter((r) => r.requirement === 'EXPOSURE')).toHaveLength(7)
      expect(after).toEqual(before)
    })

    it(`${node.name}: lists its accounts (the MUST) and what it exposes over each way in, with a curl line each`, () => {
      const results = new Map(observed.get(node.name)!.report.results.map((r) => [r.id, r]))
      for (const way of ['http', 'ws', 'batch'] as const) {
        expect(results.get(`exposure.wallet.${way}`)?.status).toBe('failed')
        expect(results.get(`exposure.wallet.${way}`)?.message).toMatch(/^eth_accounts .* answered a result listing \d+ accounts/)
        const namespaces = results.get(`exposure.namespaces.${way}`)!
        expect(namespaces.message).toContain(`${node.exposed[way]};`)
        for (const finding of namespaces.findings ?? []) expect(finding.message).toMatch(/; reproduce: (curl|wscat) /)
      }
      expect(results.get('exposure.headers')).toMatchObject({ status: 'passed', message: expect.stringContaining('a WebSocket upgrade with Origin') })
    })
  }
})
