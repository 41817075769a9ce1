import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { spawnCollecting, type CollectingChild } from '../test/support/spawnCollecting.js'
import { resultCheck } from './answerCheck.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { median, percentile } from './percentile.js'
import { rssOf } from './processTree.js'
import { roundsFigure } from './roundsFigure.js'
import { UndiciLoad } from './undiciLoad.js'

const BIN = fileURLToPath(new URL('../bin/l2conf.js', import.meta.url))

/** How long the proxy's memory is watched under load (L2CONF_BENCH_PROXY_SECONDS; --quick: 3 s): its own --duration. */
const LONG_LOAD_SECONDS = 60
/** Added latency at p99 the proxy may cost, and the share of direct throughput it must keep (the goals of the proxy). */
const ADDED_P99_MS = 2
const THROUGHPUT_RATIO = 0.8

/**
 * The calls of the load: eth_getBlockByNumber over the history, one block after another, each answer
 * judged by the proxy against its result schema (a block of one EVM transaction, about 1.5 KB); every
 * 16th a batch of two blocks and eth_chainId.
 */
function body(sequence: number, history: number): string {
  const block = `0x${((sequence % history) + 1).toString(16)}`
  if (sequence % 16 === 15)
    return JSON.stringify([
      { jsonrpc: '2.0', id: sequence, method: 'eth_getBlockByNumber', params: [block, false] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_chainId', params: [] },
    ])
  return JSON.stringify({ jsonrpc: '2.0', id: sequence, method: 'eth_getBlockByNumber', params: [block, false] })
}

const answered = resultCheck((result) => result !== null && typeof result === 'object', 'a block')
const check = (answer: unknown): string | undefined => (Array.isArray(answer) ? answered(answer[0]) : answered(answer))

/** Seconds of CPU (user and system) a process has used so far, from /proc (0 where there is none): the proxy's own cost, whatever else loads the machine. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** `l2conf proxy` as a process of its own in front of `rpc` (as an operator runs it), and its addresses. */
async function startProxyProcess(rpc: string, extra: string[]): Promise<{ child: CollectingChild; rpc: string }> {
  const child = spawnCollecting(process.execPath, [
    BIN,
    'proxy',
    '--upstream',
    rpc,
    '--port',
    '0',
    '--report-dir',
    `/tmp/l2conf-bench-proxy-${process.pid}${extra.join('')}`,
    ...extra,
  ])
  const line = await Promise.race([child.ready, child.exit.then(({ stderr }) => Promise.reject(new Error(`l2conf proxy ended: ${stderr.slice(-500)}`)))])
  return { child, rpc: /rpc=(\S+)/.exec(line)![1]! }
}

/**
 * `l2conf proxy`'s cost: latency (p50, p99) and throughput of the same closed-loop load sent direct
 * to the reference and through the proxy (a process of its own, judging every exchange), side by side
 * in interleaved rounds, at each concurrency; then the proxy's resident memory over a long load that
 * ends with its own --duration (and the report it writes then).
 */
export const proxyOverheadBench: Benchmark = {
  name: 'proxy-overhead',
  title: 'l2conf proxy: added latency p50/p99 and throughput through the proxy vs direct to the reference; its RSS over a long load',
  async run({ settings, targets, print, summary }) {
    const reference = await targets.reference()
    const history = targets.history
    // The proxy as it runs (TCP-level relay to this local upstream), and beside it the same proxy forwarding one request at a time (--forward http).
    const proxy = await startProxyProcess(reference.rpc, [])
    const httpLevel = await startProxyProcess(reference.rpc, ['--forward', 'http'])
    try {
      for (const concurrency of settings.concurrencies) {
        const loads = {
          direct: new UndiciLoad(reference.rpc, concurrency),
          proxy: new UndiciLoad(proxy.rpc, concurrency),
          'proxy-http': new UndiciLoad(httpLevel.rpc, concurrency),
        }
        const latency = {
          direct: { p50: [] as number[], p99: [] as number[] },
          proxy: { p50: [] as number[], p99: [] as number[] },
          'proxy-http': { p50: [] as number[], p99: [] as number[] },
        }
        // Each proxy's CPU over its own rounds (it idles during the others'), per exchange it relayed.
        const pids = { proxy: proxy.child.child.pid!, 'proxy-http': httpLevel.child.child.pid! }
        const cpu = { proxy: { seconds: 0, exchanges: 0 }, 'proxy-http': { seconds: 0, exchanges: 0 } }
        try {
          const rounds = await interleavedRounds(
            (['direct', 'proxy', 'proxy-http'] as const).map((name) => ({
              name,
              async round({ warmup }) {
                const latencies: number[] = []
                const before = name === 'direct' ? 0 : cpuSecondsOf(pids[name])
                const result = await loads[name].run({ body: (n) => body(n, history), check, durationMs: settings.roundMs, latencies })
                if (result.errors > 0) throw new Error(`${name}: ${result.errors} wrong answers, e.g. ${result.firstError}`)
                if (!warmup) {
                  latency[name].p50.push(percentile(latencies, 50))
                  latency[name].p99.push(percentile(latencies, 99))
                  if (name !== 'direct') {
                    // The judging of the round's last answers runs a turn later: wait for it before reading the CPU.
                    await new Promise((resolve) => setTimeout(resolve, 50))
                    cpu[name].seconds += cpuSecondsOf(pids[name]) - before
                    cpu[name].exchanges += result.operations
                  }
                }
                return result.operations / result.seconds
              },
            })),
            { rounds: settings.rounds },
          )
          const direct = rounds.get('direct')!
          const through = rounds.get('proxy')!
          const throughHttp = rounds.get('proxy-http')!
          const added = (p: 'p50' | 'p99', name: 'proxy' | 'proxy-http' = 'proxy'): number => median(latency[name][p]) - median(latency.direct[p])
          const ratio = median(through) / median(direct)
          print(
            `proxy-overhead c=${concurrency}: direct ${roundsFigure(direct, 'req/s')}; through the proxy ${roundsFigure(through, 'req/s')}; ratio ${ratio.toFixed(2)}`,
          )
          print(
            `proxy-overhead c=${concurrency}: through the proxy with --forward http ${roundsFigure(throughHttp, 'req/s')}; ratio ${(median(throughHttp) / median(direct)).toFixed(2)}`,
          )
          const perExchange = (name: 'proxy' | 'proxy-http'): string => formatNumber((cpu[name].seconds * 1e6) / Math.max(1, cpu[name].exchanges), 0)
          print(
            `proxy-overhead c=${concurrency}: the proxy's CPU per exchange ${perExchange('proxy')} µs; with --forward http ${perExchange('proxy-http')} µs (user and system, over its rounds)`,
          )
          for (const p of ['p50', 'p99'] as const)
            print(
              `proxy-overhead c=${concurrency}: latency ${p} direct ${formatNumber(median(latency.direct[p]), 2)} ms, through the proxy ${formatNumber(median(latency.proxy[p]), 2)} ms: +${formatNumber(added(p), 2)} ms; with --forward http ${formatNumber(median(latency['proxy-http'][p]), 2)} ms: +${formatNumber(added(p, 'proxy-http'), 2)} ms`,
            )
          summary.push({
            benchmark: `proxy-overhead c=${concurrency}`,
            figure: `throughput ratio ${ratio.toFixed(2)}`,
            target: `>= ${THROUGHPUT_RATIO}`,
            met: ratio >= THROUGHPUT_RATIO,
          })
          summary.push({ benchmark: `proxy-overhead c=${concurrency}`, figure: `+${formatNumber(added('p50'), 2)} ms at p50`, target: '-', met: undefined })
          summary.push({
            benchmark: `proxy-overhead c=${concurrency}`,
            figure: `+${formatNumber(added('p99'), 2)} ms at p99`,
            target: `<= ${ADDED_P99_MS} ms`,
            met: added('p99') <= ADDED_P99_MS,
          })
        } finally {
          await Promise.all(Object.values(loads).map((load) => load.close()))
        }
      }
    } finally {
      for (const running of [proxy, httpLevel]) running.child.child.kill('SIGTERM')
      await Promise.all([proxy.child.exit, httpLevel.child.exit])
    }

    // Memory under a long load: counters and bounded samples only, so it must level off, not grow with the traffic.
    const seconds = settings.quick ? 3 : Number(process.env.L2CONF_BENCH_PROXY_SECONDS ?? LONG_LOAD_SECONDS)
    const long = await startProxyProcess(reference.rpc, ['--duration', String(seconds), '--summary-every', String(Math.max(1, Math.round(seconds / 4)))])
    const samples: number[] = []
    const sampler = setInterval(() => {
      const rss = rssOf(long.child.child.pid!)
      if (rss > 0) samples.push(rss)
    }, 1000)
    const load = new UndiciLoad(long.rpc, settings.concurrencies[0]!)
    let requests = 0
    try {
      // Until the proxy stops on its own --duration (the load's last requests then fail: counted, not judged).
      const ended = long.child.exit
      let done = false
      void ended.then(() => (done = true))
      while (!done) {
        const result = await load.run({ body: (n) => body(n + requests, history), check, durationMs: 1000 })
        requests += result.operations - result.errors
      }
      const { code, stderr } = await ended
      const mib = (bytes: number): string => `${formatNumber(bytes / (1024 * 1024), 1)} MiB`
      const quarter = Math.max(1, Math.floor(samples.length / 4))
      const early = Math.max(...samples.slice(0, quarter))
      const late = Math.max(...samples.slice(-quarter))
      print(
        `proxy-overhead memory: ${formatNumber(requests)} requests in ${seconds} s through the proxy (exit ${code}); RSS first quarter peak ${mib(early)}, last quarter peak ${mib(late)}, peak ${mib(Math.max(...samples))}`,
      )
      print(
        `proxy-overhead memory: the proxy's last summary line: ${
          stderr
            .trim()
            .split('\n')
            .filter((l) => l.startsWith('l2conf proxy '))
            .at(-1) ?? '(none)'
        }`,
      )
      summary.push({
        benchmark: `proxy-overhead memory ${seconds} s`,
        figure: `RSS ${mib(early)} -> ${mib(late)} (${formatNumber(requests)} requests)`,
        target: '-',
        met: undefined,
      })
    } finally {
      clearInterval(sampler)
      long.child.child.kill('SIGTERM')
      await load.close()
    }
  },
}
