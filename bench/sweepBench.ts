import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { startReference, type ReferenceHandle } from '../harness/reference/startReference.js'
import { runSweep, type SweepOptions } from '../harness/sweep/runSweep.js'
import type { SweepReport } from '../harness/sweep/sweepReport.js'
import type { Benchmark } from './benchmark.js'
import { startDelayProxy } from './delayProxy.js'
import { formatNumber } from './formatNumber.js'
import { loadAverage } from './loadAverage.js'

/** Blocks of history each reference generates: the speed goals are stated for 100,000, which take minutes per node to generate on a loaded 2-core machine. */
const BLOCKS = Number(process.env.L2CONF_BENCH_SWEEP_BLOCKS ?? 5_000)
const WINDOW = 100
const ROUND_TRIP_MS = 50

const hex = (n: number): string => `0x${n.toString(16)}`

/** One sweep in this process, its wall time and the CPU this process spent on it. */
async function timedSweep(
  options: Partial<SweepOptions> & Pick<SweepOptions, 'targets'>,
  dir: string,
): Promise<{ report: SweepReport; seconds: number; cpuMs: number }> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const report = await runSweep({
    sources: { blocks: `0..${BLOCKS}`, sampleLog: false, blocksFile: null },
    shard: null,
    window: WINDOW,
    concurrency: 4,
    timeoutMs: 60_000,
    headers: {},
    tls: { ca: null, insecure: false },
    state: false,
    checkpoint: join(dir, `checkpoint-${Math.random().toString(36).slice(2)}.json`),
    resume: false,
    tool: { name: 'l2conf', version: 'bench' },
    ...options,
  })
  const used = process.cpuUsage(cpu)
  return { report, seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 }
}

/**
 * The node's own rate for the sweep's requests, sent bare: the same two round trips per window (the
 * batch of the range, the blocks and the logs; the batch of the receipts), `concurrency` windows in
 * flight, bodies made beforehand and answers read as text, nothing parsed or judged.
 */
async function bareRate(rpc: string, concurrency: number): Promise<number> {
  const url = new URL(rpc)
  const pool = new Pool(url.origin, { connections: concurrency, pipelining: 1 })
  const post = async (body: string): Promise<string> => {
    const answer = await pool.request({ path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return answer.body.text()
  }
  const windows: Array<{ first: string; receipts: string }> = []
  for (let from = 0; from <= BLOCKS; from += WINDOW) {
    const to = Math.min(BLOCKS, from + WINDOW - 1)
    const hashes = (
      JSON.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockRange', params: [hex(from), hex(to), false] }))) as {
        result: Array<{ transactions: string[] }>
      }
    ).result.flatMap((b) => b.transactions)
    const calls = [
      { method: 'eth_getBlockRange', params: [hex(from), hex(to), true] },
      ...Array.from({ length: to - from + 1 }, (_, i) => ({ method: 'eth_getBlockByNumber', params: [hex(from + i), true] })),
      { method: 'eth_getLogs', params: [{ fromBlock: hex(from), toBlock: hex(to) }] },
    ]
    windows.push({
      first: JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, ...c }))),
      receipts: JSON.stringify(hashes.map((h, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'eth_getTransactionReceipt', params: [h] }))),
    })
  }
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < windows.length) {
        const w = windows[next++] as (typeof windows)[number]
        await post(w.first)
        await post(w.receipts)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  return (BLOCKS + 1) / seconds
}

/**
 * `l2conf sweep`'s speed, measured side by side in one run on references of BLOCKS blocks of history
 * (L2CONF_BENCH_SWEEP_BLOCKS; the speed goals are stated for 100,000): blocks a second on one node with
 * every rule verified and the sweep's own CPU per block; two references compared, without and with
 * --state; one node behind the delay proxy's 50 ms round trip at --concurrency 4 and 16; and beside
 * them the node's bare rate for the same requests, the physical limit.
 */
export const sweepBench: Benchmark = {
  name: 'sweep',
  title: `l2conf sweep over ${formatNumber(BLOCKS + 1)} blocks: one node, two nodes, --state, behind ${ROUND_TRIP_MS} ms; blocks/s beside the node's bare rate`,
  async run({ print, summary }) {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-sweep-bench-'))
    const started = performance.now()
    const references: ReferenceHandle[] = await Promise.all([0, 1].map(() => startReference({ args: ['--history', String(BLOCKS)], timeoutMs: 3_600_000 })))
    print(`setup: two references with --history ${BLOCKS} started in ${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadAverage()}`)
    const [a, b] = references as [ReferenceHandle, ReferenceHandle]
    const url = new URL(a.rpc)
    const slow = await startDelayProxy({ upstreamHost: url.hostname, upstreamPort: Number(url.port), roundTripMs: ROUND_TRIP_MS })
    try {
      const figure = (label: string, r: { report: SweepReport; seconds: number; cpuMs: number }): number => {
        const rate = r.report.covered.blocks / r.seconds
        print(
          `${label}: ${formatNumber(rate)} blocks/s (${formatNumber(r.report.covered.blocks)} blocks, ${formatNumber(r.report.covered.transactions)} transactions, ${formatNumber(r.report.covered.logs)} logs${r.report.covered.stateReads > 0 ? `, ${formatNumber(r.report.covered.stateReads)} state reads` : ''} in ${r.seconds.toFixed(1)} s), sweep CPU ${formatNumber((1000 * r.cpuMs) / r.report.covered.blocks)} µs/block, verdict ${r.report.verdict}`,
        )
        return rate
      }
      // Every block read once on both nodes first (not measured): each figure then meets warm nodes, whatever its place in the run.
      await timedSweep({ targets: [a.rpc, b.rpc] }, dir)
      const bare = await bareRate(a.rpc, 4)
      print(`bare (the node's own rate for the same requests, nothing judged), concurrency 4: ${formatNumber(bare)} blocks/s`)
      const one = figure('one node, every rule, concurrency 4', await timedSweep({ targets: [a.rpc] }, dir))
      const two = figure('two nodes compared, concurrency 4', await timedSweep({ targets: [a.rpc, b.rpc] }, dir))
      const state = figure('two nodes compared with --state, concurrency 4', await timedSweep({ targets: [a.rpc, b.rpc], state: true }, dir))
      const slowBare = await bareRate(`http://127.0.0.1:${slow.port}`, 16)
      print(`bare behind ${ROUND_TRIP_MS} ms, concurrency 16: ${formatNumber(slowBare)} blocks/s`)
      const remote4 = figure(`one node behind ${ROUND_TRIP_MS} ms, concurrency 4`, await timedSweep({ targets: [`http://127.0.0.1:${slow.port}`] }, dir))
      const remote16 = figure(
        `one node behind ${ROUND_TRIP_MS} ms, concurrency 16`,
        await timedSweep({ targets: [`http://127.0.0.1:${slow.port}`], concurrency: 16 }, dir),
      )
      print(`load at end: ${loadAverage()}`)
      summary.push(
        { benchmark: 'sweep one node', figure: `${formatNumber(one)} blocks/s (bare ${formatNumber(bare)})`, target: '>= 3,000 blocks/s', met: one >= 3000 },
        { benchmark: 'sweep one node / bare', figure: (one / bare).toFixed(2), target: '-', met: undefined },
        { benchmark: 'sweep two nodes', figure: `${formatNumber(two)} blocks/s`, target: '>= 1,500 blocks/s', met: two >= 1500 },
        { benchmark: 'sweep two nodes --state', figure: `${formatNumber(state)} blocks/s`, target: '-', met: undefined },
        { benchmark: `sweep behind ${ROUND_TRIP_MS} ms c=16 / local`, figure: (remote16 / one).toFixed(2), target: '>= 0.50', met: remote16 / one >= 0.5 },
        { benchmark: `sweep behind ${ROUND_TRIP_MS} ms c=4 / local`, figure: (remote4 / one).toFixed(2), target: '-', met: undefined },
      )
    } finally {
      await slow.close()
      await Promise.all(references.map((r) => r.stop()))
      await rm(dir, { recursive: true, force: true })
    }
  },
}
