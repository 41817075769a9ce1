import type { BenchTargets } from './benchTargets.js'
import type { SummaryRow } from './summaryTable.js'

/** How long and how often to measure (`--quick` shrinks them for the smoke test). */
export interface BenchSettings {
  quick: boolean
  /** Measured rounds per contender (plus one warm-up round each). */
  rounds: number
  /** Whether --rounds gave `rounds` (a slow benchmark has a smaller default of its own otherwise). */
  roundsGiven: boolean
  /** Duration of one round of a throughput benchmark. */
  roundMs: number
  /** Connections (= requests in flight) of the throughput benchmarks. */
  concurrencies: number[]
  /** Blocks the memory benchmark generates (undefined: 100,000 when that fits its time budget). */
  memoryBlocks: number | undefined
  /** Time the memory benchmark may spend generating blocks. */
  memoryBudgetMs: number
}

/** What a benchmark gets: the settings, the shared targets, and where its lines and summary rows go. */
export interface BenchContext {
  settings: BenchSettings
  targets: BenchTargets
  /** The filters of the command line (empty: every benchmark runs). */
  filters: readonly string[]
  print(line: string): void
  summary: SummaryRow[]
}

/** One benchmark of bench/run.ts, selected by a filter matching its name. */
export interface Benchmark {
  /** e.g. 'reference-latest', 'transport-http'. */
  name: string
  /** One line saying what it measures. */
  title: string
  run(context: BenchContext): Promise<void>
}
