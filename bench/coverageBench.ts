import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCoverage } from '../harness/coverage/createCoverage.js'
import { loadOpenApi } from '../harness/spec/loadOpenApi.js'
import { loadOpenRpc } from '../harness/spec/loadOpenRpc.js'
import { runCli } from '../test/support/runCli.js'
import { asExchange } from '../harness/transcript/judgeRecorded.js'
import { readTranscriptFiles } from '../harness/transcript/readTranscript.js'
import type { Exchange } from '../harness/transport/exchange.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { median } from './percentile.js'

const packageRoot = fileURLToPath(new URL('../', import.meta.url))

/** The CPU time (user + system, ms) this process spends in `work`. */
function cpuMsOf(work: () => void): number {
  const before = process.cpuUsage()
  work()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000
}

/**
 * What coverage costs a run, apart from everything else the run does: every exchange of a whole
 * `l2conf run --reference` (recorded once with --record) observed by a fresh recorder, as the run
 * context observes them. The first pass of each round pays what a run pays (each oneOf/anyOf
 * alternative's validator compiled on first use, once per spec); later passes the observing alone.
 * Compare the first-pass figure with the run's CPU (`cli-run`): CPU time of this process, so other
 * load on the machine moves it little.
 */
export const coverageBench: Benchmark = {
  name: 'coverage',
  title: "coverage of a whole run's exchanges: CPU per run (first pass: validators compiled) and per exchange",
  async run({ settings, print, summary }) {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-bench-coverage-'))
    try {
      // --quick (the smoke test): the range checks only, to keep the script working at little cost.
      const only = settings.quick ? ['--only', 'range.*'] : []
      const recorded = await runCli(['run', '--reference', ...only, '--record', join(dir, 'transcript'), '--report-dir', join(dir, 'report'), '--quiet'], {
        timeoutMs: 300_000,
      })
      if (recorded.code !== 0) throw new Error(`the recorded run exited ${recorded.code}\n${recorded.stderr.slice(-2000)}`)
      const files = readTranscriptFiles(join(dir, 'transcript'))
      const exchanges: Exchange[] = files.flatMap((file) => file.entries.flatMap((entry) => (entry.kind === 'exchange' ? [asExchange(entry)] : [])))
      const calls = exchanges.reduce((sum, exchange) => sum + (Array.isArray(exchange.request) ? exchange.request.length : 1), 0)
      print(`${exchanges.length} exchanges (${calls} calls and REST requests) of one run`)
      const first: number[] = []
      const again: number[] = []
      for (let round = 0; round < settings.rounds + 1; round++) {
        // Fresh specs each round, loaded as a run loads them: nothing compiled until first used.
        const specs = {
          openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json'), { compile: 'on-first-use' }),
          openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml'), { compile: 'on-first-use' }),
        }
        const observeAll = (): void => {
          const recorder = createCoverage(specs)
          for (const exchange of exchanges) recorder.observe(exchange)
          recorder.result()
        }
        const firstMs = cpuMsOf(observeAll)
        const againMs = cpuMsOf(observeAll)
        // The first round warms the code itself up.
        if (round === 0) continue
        first.push(firstMs)
        again.push(againMs)
        print(`round ${round}: first pass ${formatNumber(firstMs, 1)} ms CPU, again ${formatNumber(againMs, 1)} ms CPU`)
      }
      const firstMedian = median(first)
      const againMedian = median(again)
      print(
        `coverage of a run, median: ${formatNumber(firstMedian)} ms CPU (validators compiled), ${formatNumber(againMedian)} ms observing alone, ${formatNumber((againMedian / calls) * 1000, 1)} µs per call`,
      )
      summary.push({
        benchmark: 'coverage of a run',
        figure: `${formatNumber(firstMedian)} ms CPU (${formatNumber(againMedian)} ms warm)`,
        target: '',
        met: undefined,
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
}
