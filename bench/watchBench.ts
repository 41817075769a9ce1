import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnCollecting, type CollectingChild } from '../test/support/spawnCollecting.js'
import type { Benchmark } from './benchmark.js'
import { median } from './percentile.js'
import { rssOf } from './processTree.js'

const BIN = fileURLToPath(new URL('../bin/l2conf.js', import.meta.url))

/** How long the watch runs (L2CONF_BENCH_WATCH_SECONDS; --quick: 60 s), at a 5-second interval. */
const DEFAULT_SECONDS = 1800
const INTERVAL_S = 5
/** When the reference is killed (shares of the run) and how long it stays down each time. */
const KILLS_AT = [0.2, 0.45, 0.7]
const DOWN_MS = 5_000
const SAMPLE_MS = 5_000
/** The goal: the last quarter's resident memory within 10 % of the first's. */
const RSS_RATIO = 1.1

/** A port free now (the reference restarts on the same one, so the watch keeps its addresses). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Open file descriptors of a process, and how many are sockets (from /proc; zeros where there is none). */
function handlesOf(pid: number): { fds: number; sockets: number } {
  try {
    const fds = readdirSync(`/proc/${pid}/fd`)
    let sockets = 0
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++
      } catch {
        // Closed between the listing and the read.
      }
    }
    return { fds: fds.length, sockets }
  } catch {
    return { fds: 0, sockets: 0 }
  }
}

async function startReference(rpcPort: number, restPort: number): Promise<CollectingChild> {
  const reference = spawnCollecting(process.execPath, [BIN, 'reference', '--block-time', '1', '--port', String(rpcPort), '--rest-port', String(restPort)])
  await reference.ready
  return reference
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * `l2conf watch` left running against the live reference (`--block-time 1`) at a 5-second interval:
 * its resident memory per quarter of the run (the goal: the last within 10 % of the first), its open
 * file descriptors and sockets, and the reference killed and restarted three times on the same ports,
 * which the watch must report as three downtimes and go on.
 */
export const watchBench: Benchmark = {
  name: 'watch',
  title: 'l2conf watch over time: memory per quarter, handles and sockets, three downtimes',
  async run({ settings, print, summary }) {
    const seconds = Number(process.env.L2CONF_BENCH_WATCH_SECONDS ?? (settings.quick ? 60 : DEFAULT_SECONDS))
    const [rpcPort, restPort] = [await freePort(), await freePort()]
    let reference = await startReference(rpcPort, restPort)
    const reportDir = mkdtempSync(join(tmpdir(), 'l2conf-bench-watch-'))
    print(
      `watching the live reference for ${seconds} s at --interval ${INTERVAL_S}${seconds < DEFAULT_SECONDS ? ` (shortened by L2CONF_BENCH_WATCH_SECONDS or --quick; the goal is stated for ${DEFAULT_SECONDS} s)` : ''}`,
    )
    const watch = spawnCollecting(process.execPath, [
      BIN,
      'watch',
      '--rpc',
      `http://127.0.0.1:${rpcPort}`,
      '--ws',
      `ws://127.0.0.1:${rpcPort}`,
      '--rest',
      `http://127.0.0.1:${restPort}/api`,
      '--interval',
      String(INTERVAL_S),
      '--stall',
      '30',
      '--duration',
      String(seconds),
      '--report-dir',
      reportDir,
    ])
    await watch.ready
    const pid = watch.child.pid!
    const began = Date.now()
    const samples: Array<{ at: number; rss: number; fds: number; sockets: number }> = []
    const sampler = setInterval(() => samples.push({ at: Date.now() - began, rss: rssOf(pid), ...handlesOf(pid) }), SAMPLE_MS)
    const kills = KILLS_AT.map(
      (share) =>
        new Promise<void>((resolve) =>
          setTimeout(
            async () => {
              reference.child.kill('SIGKILL')
              await reference.exit
              await new Promise((wait) => setTimeout(wait, DOWN_MS))
              reference = await startReference(rpcPort, restPort)
              print(`reference killed at ${Math.round(share * seconds)} s, back after ${DOWN_MS / 1000} s`)
              resolve()
            },
            share * seconds * 1000,
          ),
        ),
    )
    await Promise.all(kills)
    const { code } = await watch.exit
    clearInterval(sampler)
    reference.child.kill('SIGTERM')
    await reference.exit
    const result = JSON.parse(readFileSync(join(reportDir, 'watch.json'), 'utf8')) as {
      verdict: string
      cycles: { count: number; byVerdict: Record<string, number> }
      downtimes: Array<{ start: string; end: string | null; durationS: number | null }>
      requirements: Record<string, { violations: number }>
    }
    const quarters = [0, 1, 2, 3].map((q) => samples.filter((s) => s.at >= (q * seconds * 1000) / 4 && s.at < ((q + 1) * seconds * 1000) / 4))
    const rss = quarters.map((quarter) => median(quarter.map((s) => s.rss)))
    print(`resident memory per quarter (median of samples every ${SAMPLE_MS / 1000} s): ${rss.map(mb).join(', ')}`)
    const ratio = rss[3]! / rss[0]!
    print(`last quarter / first quarter: ${ratio.toFixed(3)}`)
    const first = quarters[0]!
    const last = quarters[3]!
    const handles = (quarter: typeof first): string =>
      `fds ${Math.min(...quarter.map((s) => s.fds))}-${Math.max(...quarter.map((s) => s.fds))}, sockets ${Math.min(...quarter.map((s) => s.sockets))}-${Math.max(...quarter.map((s) => s.sockets))}`
    print(`handles, first quarter: ${handles(first)}; last quarter: ${handles(last)}`)
    const ended = result.downtimes.filter((d) => d.end !== null)
    print(
      `downtimes reported: ${result.downtimes.length} (${ended.map((d) => `${d.durationS} s`).join(', ')}); cycles: ${result.cycles.count} ${JSON.stringify(result.cycles.byVerdict)}`,
    )
    print(
      `verdict ${result.verdict}, exit ${code}; requirements broken: ${JSON.stringify(Object.fromEntries(Object.entries(result.requirements).map(([id, r]) => [id, r.violations])))}`,
    )
    summary.push(
      { benchmark: `watch ${seconds} s`, figure: `rss last/first quarter ${ratio.toFixed(3)}`, target: `<= ${RSS_RATIO}`, met: ratio <= RSS_RATIO },
      {
        benchmark: `watch ${seconds} s`,
        figure: `sockets max first ${Math.max(...first.map((s) => s.sockets))}, last ${Math.max(...last.map((s) => s.sockets))}`,
        target: 'no growth',
        met: Math.max(...last.map((s) => s.sockets)) <= Math.max(...first.map((s) => s.sockets)),
      },
      { benchmark: `watch ${seconds} s`, figure: `downtimes ${ended.length}`, target: '3', met: ended.length === KILLS_AT.length },
    )
  },
}
