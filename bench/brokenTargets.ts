import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Benchmark } from './benchmark.js'
import { sampleTreeRss } from './processTree.js'
import {
  chainIdThenHangs,
  deepNesting,
  dripsBytes,
  htmlServer,
  hugeBodies,
  millionKeyRest,
  mangledHttpIds,
  mangledWsIds,
  silentWebSocket,
  tricklesHeaders,
  throttlesForever,
  throttlesMidRun,
  unsolicitedFlood,
  type HostileTarget,
  type UpstreamNode,
} from '../test/servers/hostileServers.js'

const BIN = fileURLToPath(new URL('../bin/l2conf.js', import.meta.url))
/** The goal for a default run against a broken target (a CI gate must not hang on it), and the memory bound. */
const GOAL_MS = 30_000
const GOAL_RSS_BYTES = 512 * 1024 * 1024

/**
 * Runs `l2conf run` against a target with the default settings, sampling every 100 ms the resident
 * memory of the CLI and its workers together (the suite runs in a vitest worker process).
 */
async function measuredRun(
  args: string[],
): Promise<{ code: number | null; ms: number; peakRss: number; peakProcessRss: number; output: string; reportBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-broken-'))
  const started = performance.now()
  const child = spawn(process.execPath, [BIN, 'run', ...args, '--report-dir', dir], { env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // The CLI itself and its workers: the CLI is the root of the tree.
  const rss = sampleTreeRss(child.pid, 100, { withRoot: true })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  const peakRss = rss.stop()
  const report = join(dir, 'report.json')
  return {
    code,
    ms: performance.now() - started,
    peakRss,
    peakProcessRss: rss.largestProcess(),
    output,
    reportBytes: existsSync(report) ? statSync(report).size : -1,
  }
}

const QUICK_TARGETS = ['HTTP ids off by one']

const TARGETS: ReadonlyArray<[string, (node: UpstreamNode) => Promise<HostileTarget>]> = [
  ['hangs after eth_chainId', () => chainIdThenHangs()],
  ['drips bytes', () => dripsBytes()],
  ['trickles headers', () => tricklesHeaders()],
  ['silent WebSocket', (node) => silentWebSocket(node)],
  ['HTTP ids off by one', (node) => mangledHttpIds(node, 'off-by-one')],
  ['HTTP ids as strings', (node) => mangledHttpIds(node, 'string')],
  ['HTTP ids null', (node) => mangledHttpIds(node, 'null')],
  ['HTTP ids missing', (node) => mangledHttpIds(node, 'missing')],
  ['WS ids off by one', (node) => mangledWsIds(node, 'off-by-one')],
  ['WS ids as strings', (node) => mangledWsIds(node, 'string')],
  ['WS ids null', (node) => mangledWsIds(node, 'null')],
  ['WS ids missing', (node) => mangledWsIds(node, 'missing')],
  ['HTML server', () => htmlServer()],
  ['nested 100,000 deep', () => deepNesting()],
  ['63 MiB answers', () => hugeBodies()],
  ['REST million keys', (node) => millionKeyRest(node)],
  ['unsolicited flood', (node) => unsolicitedFlood(node)],
  ['429 with Retry-After: 3600', () => throttlesForever()],
  ['429 with Retry-After: 3600 mid-run', (node) => throttlesMidRun(node)],
]

/**
 * The bound on broken and hostile targets (a broken node gives findings, never a hang or a crash): each gets a default `l2conf run` (the CLI as a
 * user runs it); the figures are the wall time (goal ≤ 30 s), the exit code (1 or 3), the peak RSS
 * of the largest process (goal ≤ 512 MB: the vitest worker, which holds what the target sends; the
 * CLI process and the worker together are printed too) and the size of report.json. The targets that
 * break only the WebSocket stand beside the bundled reference's HTTP and REST addresses, so their
 * time includes a whole run of the HTTP and REST checks. BROKEN_TARGETS=word,word (environment)
 * measures only the targets whose name contains one of the words; --quick measures one.
 */
export const brokenTargetsBench: Benchmark = {
  name: 'broken-targets',
  title: 'a default run against each broken or hostile target: wall time, exit code, peak RSS (goals: 30 s, 512 MB)',
  async run(context) {
    const node = await context.targets.reference()
    // --quick (the smoke test, which has a time budget of its own): one target.
    const words = context.settings.quick ? QUICK_TARGETS : (process.env.BROKEN_TARGETS ?? '').split(',').filter((word) => word !== '')
    for (const [name, make] of TARGETS) {
      if (words.length > 0 && !words.some((word) => name.includes(word))) continue
      const target = await make(node)
      try {
        const run = await measuredRun(target.args)
        const found = target.finding.test(run.output)
        const ok = (run.code === 1 || run.code === 3) && found && run.reportBytes > 0
        const mb = run.peakProcessRss / 1048576
        context.print(
          `${name}: ${(run.ms / 1000).toFixed(1)} s, exit ${run.code}, peak RSS ${mb.toFixed(0)} MB (largest process; CLI and worker together ${(run.peakRss / 1048576).toFixed(0)} MB), report.json ${(run.reportBytes / 1024).toFixed(0)} KiB${found ? '' : ', NO CLEAR FINDING'}${ok ? '' : ' (FAILED)'}`,
        )
        context.summary.push({
          benchmark: `broken: ${name}`,
          figure: `${(run.ms / 1000).toFixed(1)} s, ${mb.toFixed(0)} MB, exit ${run.code}`,
          target: `<= ${GOAL_MS / 1000} s, <= ${GOAL_RSS_BYTES / 1048576} MB`,
          met: ok && run.ms <= GOAL_MS && run.peakProcessRss <= GOAL_RSS_BYTES,
        })
      } finally {
        await target.close()
      }
    }
  },
}
