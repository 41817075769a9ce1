import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { loadAverage } from './loadAverage.js'
import { median as medianOf } from './percentile.js'
import { sampleTreeRss } from './processTree.js'
import { tsxLoader } from '../harness/reference/startReference.js'

const packageRoot = fileURLToPath(new URL('../', import.meta.url))
/** The goal for a default certification of the bundled reference (what `npm start` runs, within 5 s on an idle 2-core machine). */
const GOAL_MS = 5_000
const RUN_ARGS = ['run', '--reference']
/**
 * The least a run costs: the same start-up (the CLI, the reference, vitest and its worker, the specs)
 * with four checks and no discovery, so what start-up costs is seen apart from what the checks cost.
 */
const START_ARGS = ['run', '--reference', '--only', 'RPC-HTTP', '--no-discover']

/** One way of starting the CLI: the same `l2conf run --reference`, from different code. */
interface Contender {
  name: string
  /** Node's arguments before the CLI's own. */
  nodeArgs: string[]
  cwd: string
}

/** What one run cost: wall time, CPU of the whole process tree, peak resident memory of the tree. */
interface RunFigures {
  wallMs: number
  cpuMs: number
  peakRss: number
  /** The duration the run's own report gives (the checks, without the process start). */
  reportedMs: number | null
}

/** The clock ticks per second of /proc's CPU times. */
export function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
}

/**
 * A `sh -c` script that runs its arguments and, once they have exited, writes the shell's own /proc
 * stat to $L2CONF_BENCH_STAT (read by childrenCpuMs), exiting with their code.
 */
export const STAT_ON_EXIT_SCRIPT = '"$@"; code=$?; cat /proc/$$/stat > "$L2CONF_BENCH_STAT"; exit $code'

/**
 * The CPU time (user + system, in ms) of the children a shell waited for, from the /proc stat
 * STAT_ON_EXIT_SCRIPT wrote to `statFile` (its cutime and cstime). Throws if the file is missing.
 */
export function childrenCpuMs(statFile: string, ticks: number): number {
  const fields = readFileSync(statFile, 'utf8')
  const after = fields
    .slice(fields.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number)
  return (((after[13] ?? 0) + (after[14] ?? 0)) / ticks) * 1000
}

/**
 * Runs the CLI once under `sh`, which, when the CLI has exited, writes its own /proc stat: its
 * children's CPU times (cutime, cstime) are those of the CLI and every process the CLI waited for
 * (the reference, the vitest worker). Resident memory is sampled every 50 ms over the tree.
 */
async function measure(contender: Contender, ticks: number, runArgs: readonly string[]): Promise<RunFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-cli-'))
  const statFile = join(dir, 'stat')
  const started = performance.now()
  const child = spawn('sh', ['-c', STAT_ON_EXIT_SCRIPT, 'sh', process.execPath, ...contender.nodeArgs, ...runArgs, '--report-dir', join(dir, 'report')], {
    cwd: contender.cwd,
    env: { ...process.env, CI: '1', NO_COLOR: '1', L2CONF_BENCH_STAT: statFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const rss = sampleTreeRss(child.pid, 50)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  const wallMs = performance.now() - started
  const peakRss = rss.stop()
  try {
    if (code !== 0 || !/Result: PASS/.test(output)) throw new Error(`${contender.name}: l2conf ${runArgs.join(' ')} exited ${code}\n${output.slice(-3000)}`)
    return { wallMs, cpuMs: childrenCpuMs(statFile, ticks), peakRss, reportedMs: reportedDuration(output) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The run's duration as its summary line gives it ('151 passed, 0 failed in 9.5 s', '4 passed, 0 failed, 160 skipped in 2.3 s', or '... in 1 min 4 s'). */
export function reportedDuration(output: string): number | null {
  const match = /passed, \d+ failed[^\n]* in (?:(\d+) min )?([\d.]+) s/.exec(output)
  return match === null ? null : (Number(match[1] ?? 0) * 60 + Number(match[2])) * 1000
}

/**
 * The tree of an earlier revision (CLI_BASELINE=REV), run as it ran then, beside this node_modules.
 * Kept under the commit the revision names now, so a moving name (HEAD, a branch) never finds the
 * tree of the commit it named before.
 */
export function baselineTree(revision: string): string {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${revision}^{commit}`], { cwd: packageRoot, encoding: 'utf8' }).trim()
  const dir = join(tmpdir(), `l2conf-bench-baseline-${commit}`)
  if (!existsSync(join(dir, 'bin', 'l2conf.js'))) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: packageRoot, maxBuffer: 256 * 1024 * 1024 })
    execFileSync('tar', ['-x', '-C', dir], { input: archive })
    symlinkSync(join(packageRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
  }
  return dir
}

function contenders(): Contender[] {
  const sourceMain = pathToFileURL(join(packageRoot, 'harness', 'cli', 'main.ts')).href
  const list: Contender[] = [
    { name: 'dist/ (compiled)', nodeArgs: [join(packageRoot, 'bin', 'l2conf.js')], cwd: packageRoot },
    {
      name: 'sources through tsx',
      nodeArgs: [
        '--import',
        tsxLoader,
        '--input-type=module',
        '-e',
        `const { main } = await import(${JSON.stringify(sourceMain)}); process.exitCode = await main(process.argv.slice(1))`,
        '--',
      ],
      cwd: packageRoot,
    },
  ]
  const revision = process.env.CLI_BASELINE
  if (revision !== undefined && revision !== '') {
    const dir = baselineTree(revision)
    list.push({ name: `baseline ${revision}`, nodeArgs: [join(dir, 'bin', 'l2conf.js')], cwd: dir })
  }
  return list
}

const seconds = (ms: number): string => `${formatNumber(ms / 1000, 2)} s`
const mib = (bytes: number): string => `${formatNumber(bytes / 1048576)} MiB`

/**
 * Runs `runArgs` for every contender, taking turns, --rounds times (plus one warm-up each), and prints
 * each round and the medians: wall time, CPU of the whole process tree (user + system), peak resident
 * memory of the tree, and the run's own reported duration.
 */
async function compareRuns(context: Parameters<Benchmark['run']>[0], name: string, runArgs: readonly string[], goalMs: number | null): Promise<void> {
  const ticks = clockTicks()
  const list = contenders()
  const figures = new Map<string, RunFigures[]>(list.map((contender) => [contender.name, []]))
  // A warm-up round: the rebuild of a stale dist/, vite's and the OS's caches.
  for (const contender of list) await measure(contender, ticks, runArgs)
  for (let round = 1; round <= context.settings.rounds; round++) {
    for (const contender of list) {
      const run = await measure(contender, ticks, runArgs)
      figures.get(contender.name)?.push(run)
      context.print(
        `round ${round} ${contender.name}: wall ${seconds(run.wallMs)}, CPU ${seconds(run.cpuMs)}, peak RSS ${mib(run.peakRss)}, report ${run.reportedMs === null ? '?' : seconds(run.reportedMs)} (load ${loadAverage()})`,
      )
    }
  }
  const median = (runs: RunFigures[], pick: (run: RunFigures) => number): number => medianOf(runs.map(pick))
  const first = figures.get(list[0]?.name ?? '') ?? []
  for (const contender of list) {
    const runs = figures.get(contender.name) ?? []
    const wall = median(runs, (run) => run.wallMs)
    const cpu = median(runs, (run) => run.cpuMs)
    const ratio =
      contender === list[0]
        ? ''
        : ` | this / dist/: wall ${formatNumber(wall / median(first, (run) => run.wallMs), 2)}, CPU ${formatNumber(cpu / median(first, (run) => run.cpuMs), 2)}`
    context.print(
      `${name} ${contender.name}: median of ${runs.length}: wall ${seconds(wall)}, CPU ${seconds(cpu)}, peak RSS ${mib(median(runs, (run) => run.peakRss))}, report ${seconds(median(runs, (run) => run.reportedMs ?? Number.NaN))}${ratio}`,
    )
    const goal = contender === list[0] && goalMs !== null
    context.summary.push({
      benchmark: `${name}: ${contender.name}`,
      figure: `${seconds(wall)} wall, ${seconds(cpu)} CPU`,
      target: goal ? `<= ${goalMs / 1000} s (idle machine)` : '',
      met: goal ? wall <= goalMs : undefined,
    })
  }
}

/**
 * A benchmark of whole CLI runs (compareRuns), skipped under --quick (the smoke test's budget: each
 * round is whole runs of every contender).
 */
function cliBenchmark(name: string, title: string, runArgs: readonly string[], goalMs: number | null): Benchmark {
  return {
    name,
    title,
    async run(context) {
      if (context.settings.quick) {
        context.print(`${name}: not run under --quick (each round is whole runs); npm run bench -- ${name}`)
        return
      }
      await compareRuns(context, name, runArgs, goalMs)
    },
  }
}

/**
 * `l2conf run --reference` end to end, as `npm start` runs it (the bundled reference, every
 * check), from dist/ and from the sources through tsx (how every run started before the build);
 * CLI_BASELINE=REV (a git revision) adds that revision's tree, run as it ran then (see compareRuns).
 */
export const cliRunBench = cliBenchmark(
  'cli-run',
  'l2conf run --reference end to end: wall, CPU of the process tree, peak RSS (goal: 5 s wall on an idle 2-core machine)',
  RUN_ARGS,
  GOAL_MS,
)

/**
 * What start-up costs: `l2conf run --reference --only RPC-HTTP --no-discover` (four checks) the same
 * way, beside the same contenders. The difference from cli-run is what the checks themselves cost.
 */
export const cliStartBench = cliBenchmark(
  'cli-start',
  'l2conf run --reference with four checks and no discovery: what start-up costs (wall, CPU, peak RSS)',
  START_ARGS,
  null,
)
