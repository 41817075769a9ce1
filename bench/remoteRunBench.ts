import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Benchmark, BenchContext } from './benchmark.js'
import { baselineTree, childrenCpuMs, clockTicks, STAT_ON_EXIT_SCRIPT } from './cliRun.js'
import { Gauge, startDelayProxy, type DelayProxy } from './delayProxy.js'
import { formatNumber } from './formatNumber.js'
import { loadAverage } from './loadAverage.js'
import { median } from './percentile.js'
import { sampleTreeRss } from './processTree.js'
import { startReference } from '../harness/reference/startReference.js'

const NAME = 'remote-run'
const packageRoot = fileURLToPath(new URL('../', import.meta.url))
/** The round trips a CI runner may have to a remote node: none (the same machine), a region away, a continent away. */
const ROUND_TRIPS_MS = [0, 50, 100]
const QUICK_ROUND_TRIPS_MS = [0, 50]
/** A run that takes longer is stopped (SIGTERM, then SIGKILL): a hang is a figure, not a stuck benchmark. */
const RUN_LIMIT_MS = 15 * 60_000
/** How often the resident memory of the CLI's process tree is sampled. */
const RSS_SAMPLE_MS = 100
/** The checks that did not pass, printed under a run, at most. */
const LISTED_CHECKS = 25

/** One CLI to run: the current tree's bin, or an earlier revision's (CLI_BASELINE). */
interface Contender {
  name: string
  bin: string
  cwd: string
}

/** The counts of report.json's summary, as `--format json` prints them. */
interface Counts {
  passed: number
  failed: number
  skipped: number
  warnings: number
  knownFailures: number
  inconclusive?: number
  notRun?: number
}

/** What `--format json` prints at the end of a run (the part read here). */
interface JsonSummary {
  verdict: string
  exitCode: number
  summary: Counts
  checks: Array<{ id: string; level: string; status: string; message?: string }>
}

type Transport = 'rpc' | 'ws' | 'rest'
const TRANSPORTS: readonly Transport[] = ['rpc', 'ws', 'rest']

/** What one run cost and found. */
interface RunFigures {
  wallMs: number
  cpuMs: number
  peakRss: number
  code: number | null
  /** Over the three proxies together, and per transport. */
  peakConnections: number
  peakRequests: number
  /** Requests in flight on average over the run's wall time (how much of its round trips overlap). */
  meanRequests: number
  requests: number
  perTransport: Record<Transport, { peakConnections: number; peakRequests: number; requests: number }>
  result: JsonSummary | null
  /** Why the run gave no result (its JSON summary missing or unreadable), with its output's end. */
  error: string | null
}

function contenders(): Contender[] {
  const list: Contender[] = [{ name: 'this tree', bin: join(packageRoot, 'bin', 'l2conf.js'), cwd: packageRoot }]
  const revision = process.env.CLI_BASELINE
  if (revision !== undefined && revision !== '') {
    const dir = baselineTree(revision)
    list.push({ name: `baseline ${revision}`, bin: join(dir, 'bin', 'l2conf.js'), cwd: dir })
  }
  return list
}

/**
 * Runs `node BIN ARGS` under `sh`, which writes its own /proc stat once the CLI has exited: its
 * children's CPU times are those of the CLI and every process it waited for (the vitest worker).
 * Resident memory of the tree is sampled meanwhile. Stopped after RUN_LIMIT_MS.
 */
async function runCli(
  contender: Contender,
  args: readonly string[],
  ticks: number,
  dir: string,
): Promise<{ code: number | null; wallMs: number; cpuMs: number; peakRss: number; stdout: string; stderr: string }> {
  const statFile = join(dir, 'stat')
  const started = performance.now()
  const child = spawn('sh', ['-c', STAT_ON_EXIT_SCRIPT, 'sh', process.execPath, contender.bin, ...args], {
    cwd: contender.cwd,
    env: { ...process.env, CI: '1', NO_COLOR: '1', L2CONF_BENCH_STAT: statFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a run past the limit is stopped whole.
    detached: true,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const rss = sampleTreeRss(child.pid, RSS_SAMPLE_MS)
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal)
    } catch {
      // Already gone.
    }
  }
  let killer: NodeJS.Timeout | undefined
  const limit = setTimeout(() => {
    stderr += `\n(stopped by the benchmark after ${RUN_LIMIT_MS / 1000} s)`
    signalGroup('SIGTERM')
    killer = setTimeout(() => signalGroup('SIGKILL'), 10_000)
  }, RUN_LIMIT_MS)
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  const wallMs = performance.now() - started
  const peakRss = rss.stop()
  clearTimeout(limit)
  clearTimeout(killer)
  let cpuMs = Number.NaN
  try {
    cpuMs = childrenCpuMs(statFile, ticks)
  } catch {
    // The shell was killed before it wrote its stat.
  }
  return { code, wallMs, cpuMs, peakRss, stdout, stderr }
}

/** The JSON document `--format json` prints last on stdout (the only thing there under --quiet). */
function parseSummary(stdout: string): JsonSummary {
  const start = stdout.indexOf('{')
  if (start < 0) throw new Error('no JSON summary on stdout')
  const parsed = JSON.parse(stdout.slice(start)) as JsonSummary
  if (typeof parsed.summary !== 'object' || parsed.summary === null) throw new Error('the JSON summary has no counts')
  return parsed
}

/**
 * One run: a fresh live reference (`--block-time 1`), a delay proxy in front of each of its
 * addresses (its JSON-RPC port serves HTTP and WebSocket: one proxy for each, so each transport is
 * counted apart), and the CLI against the proxies, as a CI gate runs it against a remote node.
 */
async function measure(contender: Contender, roundTripMs: number, ticks: number): Promise<RunFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-remote-'))
  const reference = await startReference({ args: ['--block-time', '1'], timeoutMs: 120_000 })
  const connections = new Gauge()
  const requests = new Gauge()
  const proxies = new Map<Transport, DelayProxy>()
  try {
    const rpc = new URL(reference.rpc)
    const rest = new URL(reference.rest)
    const upstreams: Record<Transport, URL> = { rpc, ws: new URL(reference.ws), rest }
    for (const transport of TRANSPORTS) {
      const upstream = upstreams[transport]
      proxies.set(
        transport,
        await startDelayProxy({ upstreamHost: upstream.hostname, upstreamPort: Number(upstream.port), roundTripMs, alsoCount: { connections, requests } }),
      )
    }
    const port = (transport: Transport): number => (proxies.get(transport) as DelayProxy).port
    const args = [
      'run',
      '--rpc',
      `http://127.0.0.1:${port('rpc')}`,
      '--ws',
      `ws://127.0.0.1:${port('ws')}`,
      '--rest',
      `http://127.0.0.1:${port('rest')}${rest.pathname.replace(/\/$/, '')}`,
      '--quiet',
      '--format',
      'json',
      '--report-dir',
      join(dir, 'report'),
    ]
    const areaBefore = requests.area()
    const run = await runCli(contender, args, ticks, dir)
    const meanRequests = (requests.area() - areaBefore) / run.wallMs
    let result: JsonSummary | null = null
    let error: string | null = null
    try {
      result = parseSummary(run.stdout)
    } catch (cause) {
      error = `${(cause as Error).message}; exit ${run.code}\n${(run.stderr + run.stdout).trim().slice(-3000)}`
    }
    const perTransport = Object.fromEntries(
      TRANSPORTS.map((transport) => {
        const proxy = proxies.get(transport) as DelayProxy
        return [transport, { peakConnections: proxy.connections.peak, peakRequests: proxy.requests.peak, requests: proxy.requests.total }]
      }),
    ) as RunFigures['perTransport']
    return {
      wallMs: run.wallMs,
      cpuMs: run.cpuMs,
      peakRss: run.peakRss,
      code: run.code,
      peakConnections: connections.peak,
      peakRequests: requests.peak,
      meanRequests,
      requests: requests.total,
      perTransport,
      result,
      error,
    }
  } finally {
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()))
    await reference.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const seconds = (ms: number): string => (Number.isNaN(ms) ? '?' : `${formatNumber(ms / 1000, 2)} s`)
const mib = (bytes: number): string => `${formatNumber(bytes / 1048576)} MiB`
const perTransport = (run: RunFigures, pick: (figures: RunFigures['perTransport'][Transport]) => number): string =>
  TRANSPORTS.map((transport) => `${transport} ${pick(run.perTransport[transport])}`).join(', ')

function countsLine(counts: Counts): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.warnings} warnings, ${counts.inconclusive ?? 0} inconclusive, ${counts.notRun ?? 0} not run, ${counts.skipped} skipped${counts.knownFailures > 0 ? `, ${counts.knownFailures} known failures` : ''}`
}

function printRun(print: (line: string) => void, label: string, run: RunFigures): void {
  print(
    `${label}: wall ${seconds(run.wallMs)}, CPU ${seconds(run.cpuMs)}, peak RSS ${mib(run.peakRss)}` +
      ` | at the target: peak ${run.peakConnections} connections (${perTransport(run, (t) => t.peakConnections)}),` +
      ` peak ${run.peakRequests} requests in flight (${perTransport(run, (t) => t.peakRequests)}), mean ${formatNumber(run.meanRequests, 2)} in flight, ${run.requests} HTTP requests (${perTransport(run, (t) => t.requests)})` +
      ` | ${run.result === null ? 'no summary' : countsLine(run.result.summary)} | exit ${run.code} (load ${loadAverage()})`,
  )
  if (run.error !== null) print(`  ERROR: ${run.error.replace(/\n/g, '\n  ')}`)
  const listed = (run.result?.checks ?? []).filter((check) => check.status !== 'passed' && check.status !== 'skipped')
  for (const check of listed.slice(0, LISTED_CHECKS))
    print(`  ${check.status} ${check.level} ${check.id}: ${(check.message ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
  if (listed.length > LISTED_CHECKS) print(`  ... and ${listed.length - LISTED_CHECKS} more`)
}

/**
 * What a CI gate against a remote node waits: `l2conf run` (the read-only default, every transport)
 * against the live reference behind a delay proxy that adds 0, 50 or 100 ms of round trip (half
 * each way, order kept), as a node a region or a continent away would. Per run: wall time, CPU of
 * the CLI's process tree, its peak RSS, the most connections and HTTP requests in flight at once at
 * the target and the mean of the latter over the run (how much the run overlaps its round trips),
 * the report's counts and the exit code.
 * CLI_BASELINE=REV runs that revision's CLI too, in turns with this tree's at each round trip, so
 * a change to how the checks are run is seen before and after. --rounds N (default 1: a run at
 * 100 ms takes a minute or more); --quick: 0 and 50 ms, one round, and only when named on the
 * command line (the smoke test of every benchmark has no minute to spare for it).
 */
export const remoteRunBench: Benchmark = {
  name: NAME,
  title: 'l2conf run against the live reference behind a delay proxy (0, 50, 100 ms round trip): wall, CPU, connections and requests in flight',
  async run(context: BenchContext) {
    const { settings, print, summary } = context
    if (settings.quick && !context.filters.some((filter) => NAME.includes(filter))) {
      print(`${NAME}: not run under --quick unless named (each run is a whole certification); npm run bench -- ${NAME} --quick`)
      return
    }
    const roundTrips = settings.quick ? QUICK_ROUND_TRIPS_MS : ROUND_TRIPS_MS
    const rounds = settings.quick ? 1 : settings.roundsGiven ? settings.rounds : 1
    const ticks = clockTicks()
    const list = contenders()
    print(`${NAME}: load average at start: ${loadAverage()}`)
    print(
      `${NAME}: round trips ${roundTrips.join(', ')} ms; ${rounds} round${rounds === 1 ? '' : 's'} per contender; contenders: ${list.map((contender) => contender.name).join(', ')}`,
    )
    print(
      `${NAME}: requests in flight are counted per connection from a request line to the first bytes of its answer from the target; WebSocket messages are not counted as requests (only their connections and the upgrade)`,
    )
    // An untimed start of each CLI (it lists the checks, sending nothing): a stale or missing dist/ is
    // rebuilt here, not inside a measured run.
    for (const contender of list) {
      const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-remote-warm-'))
      try {
        const warm = await runCli(contender, ['run', '--list', '--format', 'json'], ticks, dir)
        print(
          `${NAME}: warm-up of ${contender.name} (run --list): ${seconds(warm.wallMs)}, exit ${warm.code}${warm.code === 0 ? '' : `\n  ${(warm.stderr + warm.stdout).trim().slice(-1500).replace(/\n/g, '\n  ')}`}`,
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    const figures = new Map<string, RunFigures[]>()
    const key = (contender: Contender, roundTripMs: number): string => `${contender.name}@${roundTripMs}`
    let failedRuns = 0
    for (const roundTripMs of roundTrips) {
      for (let round = 1; round <= rounds; round++) {
        for (const contender of list) {
          const label = `${NAME} rtt ${roundTripMs} ms, round ${round}, ${contender.name}`
          let run: RunFigures
          try {
            run = await measure(contender, roundTripMs, ticks)
          } catch (error) {
            failedRuns++
            print(`${label}: could not run: ${error instanceof Error ? error.message : String(error)}`)
            continue
          }
          if (run.result === null) failedRuns++
          printRun(print, label, run)
          const runs = figures.get(key(contender, roundTripMs)) ?? []
          runs.push(run)
          figures.set(key(contender, roundTripMs), runs)
        }
      }
    }
    print(`\n${NAME}: medians of ${rounds} round${rounds === 1 ? '' : 's'} (runs that gave no summary left out)`)
    for (const roundTripMs of roundTrips) {
      const cells: string[] = []
      let firstWall: number | undefined
      for (const contender of list) {
        const runs = (figures.get(key(contender, roundTripMs)) ?? []).filter((run) => run.result !== null)
        if (runs.length === 0) {
          cells.push(`${contender.name}: no result`)
          summary.push({ benchmark: `${NAME} rtt ${roundTripMs} ms: ${contender.name}`, figure: 'no result', target: '', met: undefined })
          continue
        }
        const wall = median(runs.map((run) => run.wallMs))
        const cpu = median(runs.map((run) => run.cpuMs))
        const inFlight = median(runs.map((run) => run.peakRequests))
        const meanInFlight = formatNumber(median(runs.map((run) => run.meanRequests)), 2)
        const connections = median(runs.map((run) => run.peakConnections))
        const ratio = firstWall === undefined ? '' : `, wall ${formatNumber(wall / firstWall, 2)}x the first`
        firstWall ??= wall
        cells.push(
          `${contender.name}: wall ${seconds(wall)}, CPU ${seconds(cpu)}, peak ${connections} connections, peak ${inFlight} in flight, mean ${meanInFlight} in flight${ratio}`,
        )
        summary.push({
          benchmark: `${NAME} rtt ${roundTripMs} ms: ${contender.name}`,
          figure: `${seconds(wall)} wall, ${seconds(cpu)} CPU, in flight: peak ${inFlight}, mean ${meanInFlight}`,
          target: '',
          met: undefined,
        })
      }
      print(`${NAME} rtt ${roundTripMs} ms | ${cells.join(' | ')}`)
    }
    print(`${NAME}: load average at end: ${loadAverage()}`)
    if (failedRuns > 0) throw new Error(`${failedRuns} run${failedRuns === 1 ? '' : 's'} gave no summary (see the ERROR lines above)`)
  },
}
