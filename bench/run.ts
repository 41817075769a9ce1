// The benchmarks (`npm run bench [-- FILTER...] [--quick]`): speed and memory of the reference node
// side by side with Anvil, and the harness's own transport overhead (what it adds to each call). Each
// prints one line per figure; a summary table closes the run. Figures are medians of interleaved
// rounds and are only comparable within one run: the load average is printed at the start and the end.
import { cpus } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { adversarialCallBench } from './adversarialCallBench.js'
import { BenchTargets } from './benchTargets.js'
import type { Benchmark, BenchContext, BenchSettings } from './benchmark.js'
import { blockRangeBench } from './blockRangeBench.js'
import { brokenTargetsBench } from './brokenTargets.js'
import { cliRunBench, cliStartBench } from './cliRun.js'
import { coverageBench } from './coverageBench.js'
import { fullRangeLatencyBench } from './fullRangeLatencyBench.js'
import { httpTransportBench } from './httpTransportBench.js'
import { largeAnswerMemoryBench } from './largeAnswerMemoryBench.js'
import { latestBlockBench } from './latestBlockBench.js'
import { loadAverage } from './loadAverage.js'
import { memoryBench } from './memoryBench.js'
import { proxyOverheadBench } from './proxyOverhead.js'
import { recordBench } from './recordBench.js'
import { remoteRunBench } from './remoteRunBench.js'
import { stabilityBench } from './stabilityBench.js'
import { summaryTable } from './summaryTable.js'
import { sweepBench } from './sweepBench.js'
import { watchBench } from './watchBench.js'
import { wsTransportBench } from './wsTransportBench.js'

/** Every benchmark, in the order they run. */
export const benchmarks: readonly Benchmark[] = [
  latestBlockBench,
  blockRangeBench,
  fullRangeLatencyBench,
  memoryBench,
  httpTransportBench,
  wsTransportBench,
  adversarialCallBench,
  largeAnswerMemoryBench,
  brokenTargetsBench,
  cliRunBench,
  cliStartBench,
  coverageBench,
  remoteRunBench,
  proxyOverheadBench,
  recordBench,
  sweepBench,
  watchBench,
  stabilityBench,
]

/** Blocks of history on both nodes (eth_getBlockRange of 1000 needs 1000). */
const HISTORY = 1000

const USAGE = `usage: npm run bench -- [FILTER...] [--quick] [--rounds N] [--seconds S] [--memory-blocks N] [--memory-budget S]
  FILTER             run the benchmarks whose name contains it (e.g. reference, transport, range100)
  --quick            2 rounds of 0.5 s, concurrency 8 only, memory of 1000 blocks only (the smoke test)
  --rounds N         measured rounds per contender (default 5; one warm-up round each besides; remote-run: default 1)
  --seconds S        duration of one throughput round (default 3)
  --memory-blocks N  blocks the memory benchmark generates (default 100,000 if that fits the budget)
  --memory-budget S  time the memory benchmark may spend generating (default 170)
benchmarks: ${benchmarks.map((benchmark) => benchmark.name).join(', ')}`

function positiveNumber(flag: string, text: string | undefined): number {
  const value = Number(text)
  if (text === undefined || !Number.isFinite(value) || value <= 0) throw new RangeError(`${flag} needs a positive number, got ${text ?? 'nothing'}`)
  return value
}

/** Parses the command line into settings and filters; throws a RangeError on a bad flag. */
function parseArguments(argv: readonly string[]): { settings: BenchSettings; filters: string[]; help: boolean } {
  const quick = argv.includes('--quick')
  const settings: BenchSettings = {
    quick,
    rounds: quick ? 2 : 5,
    roundsGiven: argv.includes('--rounds'),
    roundMs: quick ? 500 : 3000,
    concurrencies: quick ? [8] : [8, 32],
    memoryBlocks: undefined,
    memoryBudgetMs: 170_000,
  }
  const filters: string[] = []
  let help = false
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    if (argument === '--quick') continue
    else if (argument === '--help' || argument === '-h') help = true
    else if (argument === '--rounds') settings.rounds = Math.round(positiveNumber(argument, argv[++index]))
    else if (argument === '--seconds') settings.roundMs = positiveNumber(argument, argv[++index]) * 1000
    else if (argument === '--memory-blocks') settings.memoryBlocks = Math.round(positiveNumber(argument, argv[++index]))
    else if (argument === '--memory-budget') settings.memoryBudgetMs = positiveNumber(argument, argv[++index]) * 1000
    else if (argument.startsWith('-')) throw new RangeError(`unknown flag ${argument}`)
    else filters.push(argument)
  }
  return { settings, filters, help }
}

/**
 * Runs the benchmarks selected by the filters in `argv` and prints their figures and a summary;
 * resolves to the exit code (0; 1 when a benchmark could not run; 2 on bad usage). A missed target is
 * a figure, not a failure of the run.
 */
export async function runBench(argv: readonly string[], print: (line: string) => void = (line) => console.log(line)): Promise<number> {
  let parsed: ReturnType<typeof parseArguments>
  try {
    parsed = parseArguments(argv)
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (parsed.help) {
    print(USAGE)
    return 0
  }
  const { settings, filters } = parsed
  const selected = benchmarks.filter((benchmark) => filters.length === 0 || filters.some((filter) => benchmark.name.includes(filter)))
  if (selected.length === 0) {
    console.error(`no benchmark matches ${filters.join(', ')}\n${USAGE}`)
    return 2
  }
  const started = performance.now()
  print(`l2conf bench${settings.quick ? ' --quick' : ''}: node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}`)
  print(`load average at start: ${loadAverage()}`)
  print(
    `settings: ${settings.rounds} interleaved rounds of ${settings.roundMs / 1000} s per contender (plus one warm-up round each), concurrency ${settings.concurrencies.join(' and ')}`,
  )
  const context: BenchContext = { settings, targets: new BenchTargets(HISTORY, print), filters, print, summary: [] }
  let exitCode = 0
  try {
    for (const benchmark of selected) {
      print(`\n== ${benchmark.name}: ${benchmark.title}`)
      try {
        await benchmark.run(context)
      } catch (error) {
        exitCode = 1
        print(`${benchmark.name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      }
    }
  } finally {
    await context.targets.stop()
  }
  print(`\nload average at end: ${loadAverage()} (run took ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  print(`\nsummary\n${summaryTable(context.summary)}`)
  return exitCode
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runBench(process.argv.slice(2))
}
