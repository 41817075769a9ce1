import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startReference } from '../harness/reference/startReference.js'
import type { Report } from '../harness/report/result.js'
import { runCli } from '../test/support/runCli.js'
import type { Benchmark } from './benchmark.js'

/** The ages of the live reference certified (blocks of history before it serves, then a block a second). */
const AGES = [10, 300, 3_000]

/** Read-only runs per age, each with a fresh seed (`--quick`: two). */
const RUNS = 4

/** The checks whose status is not the same in every run, with the statuses seen. */
export function unstableChecks(reports: readonly Report[]): Array<{ id: string; statuses: string[] }> {
  const seen = new Map<string, string[]>()
  for (const report of reports) for (const result of report.results) seen.set(result.id, [...(seen.get(result.id) ?? []), result.status])
  return [...seen.entries()]
    .filter(([, statuses]) => new Set(statuses).size > 1 || statuses.length < reports.length)
    .map(([id, statuses]) => ({ id, statuses }))
}

/**
 * Verdicts that hold at any age: per age of the live reference, repeated read-only runs with fresh
 * seeds, and the checks whose status changed between them (the figure to reach: 0), with the MUST
 * checks left inconclusive.
 */
export const stabilityBench: Benchmark = {
  name: 'stability',
  title: 'checks whose status changes across repeated read-only runs (fresh seeds) of the live reference at several ages',
  async run({ settings, print, summary }) {
    const runs = settings.quick ? 2 : RUNS
    for (const age of settings.quick ? AGES.slice(0, 1) : AGES) {
      const reference = await startReference({ args: ['--history', String(age), '--block-time', '1'], timeoutMs: 180_000 })
      try {
        const reports: Report[] = []
        for (let i = 0; i < runs; i++) {
          const dir = await mkdtemp(join(tmpdir(), 'l2conf-stability-'))
          const seed = Math.floor(Math.random() * 2 ** 31)
          await runCli(['run', '--rpc', reference.rpc, '--ws', reference.ws, '--rest', reference.rest, '--seed', String(seed), '--report-dir', dir], {
            timeoutMs: 600_000,
          })
          reports.push(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report)
        }
        const unstable = unstableChecks(reports)
        const undecided = new Set(reports.flatMap((r) => r.results.filter((x) => x.level === 'MUST' && x.status === 'inconclusive').map((x) => x.id)))
        print(
          `reference, history ${age}: ${unstable.length} check(s) changed status across ${runs} runs${unstable.length === 0 ? '' : `: ${unstable.map((u) => `${u.id} [${u.statuses.join(', ')}]`).join('; ')}`}; MUST inconclusive in some run: ${undecided.size === 0 ? 'none' : [...undecided].join(', ')}`,
        )
        summary.push({ benchmark: `stability reference@${age}`, figure: `${unstable.length} unstable`, target: '0', met: unstable.length === 0 })
      } finally {
        await reference.stop()
      }
    }
  },
}
