import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WatchEvent } from '../../harness/watch/watchEvent.js'
import type { WatchSummary } from '../../harness/watch/watchSummary.js'
import { runCli, type CliRun } from '../support/runCli.js'

/** A finished `l2conf watch` (tests only): how it ended, its last /metrics scrape, its events and summary. */
export interface WatchRun extends CliRun {
  metrics: string
  events: WatchEvent[]
  summary: WatchSummary | null
  reportDir: string
}

function readEvents(file: string): WatchEvent[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as WatchEvent)
    : []
}

/**
 * Runs `l2conf watch` with `args` plus a metrics port and a report directory of its own, scraping
 * /metrics every half second while it runs (the last scrape is kept: what Prometheus saw last).
 * `during` runs once the watch is ready; once `stopWhen` holds of the events written so far, and
 * /metrics was scraped after, the watch is sent SIGTERM (a --duration among `args` bounds it anyway).
 */
export async function runWatch(
  args: string[],
  options: { timeoutMs?: number; during?: () => void; stopWhen?: (events: WatchEvent[]) => boolean } = {},
): Promise<WatchRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'l2conf-watch-'))
  const eventsFile = join(reportDir, 'events.jsonl')
  let metrics = ''
  let scraper: NodeJS.Timeout | undefined
  let stopAfterScrape = false
  let stopSent = false
  const run = await runCli(['watch', ...args, '--metrics-port', '0', '--report-dir', reportDir], {
    timeoutMs: options.timeoutMs ?? 120_000,
    onStart(child) {
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const url = /metrics=(http:\/\/\S+)/.exec(out)?.[1]
        if (url === undefined || scraper !== undefined) return
        scraper = setInterval(() => {
          const stopping = stopAfterScrape
          fetch(`${url}/metrics`).then(
            async (response) => {
              metrics = await response.text()
              if (stopping && !stopSent) {
                stopSent = true
                child.kill('SIGTERM')
              }
            },
            () => undefined,
          )
          if (!stopAfterScrape && options.stopWhen?.(readEvents(eventsFile)) === true) stopAfterScrape = true
        }, 500)
        options.during?.()
      })
    },
  })
  clearInterval(scraper)
  const events = readEvents(eventsFile)
  const summaryFile = join(reportDir, 'watch.json')
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as WatchSummary) : null
  return { ...run, metrics, events, summary, reportDir }
}

/** The value of one sample of a scrape (labels in any order), or undefined when absent. */
export function sample(metrics: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue
    return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}
