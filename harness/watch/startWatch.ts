import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { boundExchange } from '../report/boundEvidence.js'
import type { CheckResult, Report, RequirementId } from '../report/result.js'
import { writeReports } from '../report/writeReports.js'
import { levelOf, requirements } from '../requirements/index.js'
import type { RunOutcome } from '../run/executeRun.js'
import type { Exchange } from '../transport/exchange.js'
import { HttpTransport } from '../transport/httpTransport.js'
import { maskUrl } from '../transport/maskUrl.js'
import { reproduceCommand } from '../transport/reproduce.js'
import { RequestGate } from '../transport/requestGate.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { abortableSleep } from './abortableSleep.js'
import { BlockArrivals } from './blockArrivals.js'
import { carryStatuses, cycleChanges, isBroken } from './cycleChanges.js'
import { prepareCycles, type CycleSettings } from './cycleRunner.js'
import { DowntimeTracker, type Downtime } from './downtimeTracker.js'
import { EventLog } from './eventLog.js'
import { LoopClock } from './loopClock.js'
import { pollHead } from './headPoller.js'
import { serveMetrics, type MetricsServer } from './metricsServer.js'
import { followNewHeads } from './newHeadsFollower.js'
import type { WatchEvent } from './watchEvent.js'
import { watchHtml } from './watchHtml.js'
import { WatchMetrics } from './watchMetrics.js'
import type { WatchSink } from './watchSink.js'
import type { WatchSummary } from './watchSummary.js'
import { WatchTimeline } from './watchTimeline.js'

/** How long a stop waits for the cycle in flight before the final report is written without it. */
export const CYCLE_GRACE_MS = 5_000
/** Requests in flight at once per target from the followers (the cycle has its own gate). */
const FOLLOWER_CONCURRENCY = 4
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

/** One watched node: its name in metrics and events, its JSON-RPC address, its WebSocket address. */
export interface WatchTarget {
  name: string
  rpc: string
  ws: string | null
}

/** What `l2conf watch` was asked (parseWatchArgs), in the units the watch uses. */
export interface WatchOptions {
  /** The first is certified each cycle (with `rest`); every one is followed. */
  targets: WatchTarget[]
  rest: string | null
  intervalS: number
  stallS: number
  pollS: number
  metrics: { host: string; port: number } | null
  reportDir: string
  eventsFile: string
  eventsMaxBytes: number
  only: string[]
  skip: string[]
  /** Other flags of `l2conf run` for the cycles (--timeout, --runs, --header...). */
  runArgs: string[]
  timeoutMs: number
  headers: Record<string, string>
  redact: (text: string) => string
  tool: { name: string; version: string }
  /** Lines for the operator (stderr). */
  say: (line: string) => void
}

/** A watch that runs: where its metrics are, and how to end it with its final report. */
export interface RunningWatch {
  metricsUrl: string | null
  /** Stops everything, writes the final reports, resolves with the summary (its exitCode says how it went). Idempotent. */
  stop(reason: string): Promise<WatchSummary>
  /** The summary as of now (what watch.json holds). */
  summary(): WatchSummary
}

const seconds = (ms: number): number => Math.round(ms) / 1000

/**
 * Starts `l2conf watch` (ARCHITECTURE.md, the watch): the cycles of read-only checks every
 * --interval, and on each target the newHeads follower, the head poll and the read-back of
 * announced blocks, until `stop`. Every violation goes to the events file, the metrics and the
 * rolling report; downtime is said once with its start and end. Rejects with HarnessError
 * L2CONF_ERR_USAGE before anything starts for a selection or run flag `l2conf run` refuses, and with
 * the listening error when the metrics port cannot be used.
 */
export async function startWatch(options: WatchOptions): Promise<RunningWatch> {
  const [first] = options.targets
  if (first === undefined) throw new Error('startWatch: no target')
  const cycleSettings: CycleSettings = { rpc: first.rpc, ws: first.ws, rest: options.rest, only: options.only, skip: options.skip, runArgs: options.runArgs }
  const cycles = await prepareCycles(cycleSettings, options.say)
  const startedAt = new Date()
  const timeline = new WatchTimeline()
  const events = new EventLog(options.eventsFile, options.eventsMaxBytes, options.redact)
  const latestBroken = new Map<RequirementId, boolean>()
  const lastLive = new Map<RequirementId, number>()
  const intervalMs = options.intervalS * 1000
  // A live violation keeps its requirement failing for an interval, at least a minute: short intervals must not make alerts flap.
  const failingForMs = Math.max(intervalMs, 60_000)
  const metrics = new WatchMetrics(() =>
    requirements.map((row) => ({
      requirement: row.id,
      level: row.level,
      failing: latestBroken.get(row.id) === true || (lastLive.get(row.id) ?? 0) > Date.now() - failingForMs,
    })),
  )
  const downtimes: Downtime[] = []
  let cycleCount = 0
  const byVerdict: Record<string, number> = {}
  let latest: WatchSummary['cycles']['latest'] = null
  let lastCycleEnd = Date.now()
  let cycleReached = false
  let state = 'watching'
  let endedAt: string | null = null

  const record = (event: Omit<WatchEvent, 'at'> & { at?: string }): void => {
    const stamped: WatchEvent = { ...event, at: event.at ?? new Date().toISOString() }
    events.append(stamped)
    timeline.add(stamped)
  }
  const downtime = new DowntimeTracker((d) => {
    if (d.end === null) {
      downtimes.push(d)
      if (downtimes.length > 200) downtimes.shift()
      metrics.up.set({ target: d.target }, 0)
      metrics.downtimes.inc({ target: d.target })
      record({ kind: 'downtime-start', target: d.target, startedAt: new Date(d.start).toISOString(), message: `${d.target} went away: ${d.reason}` })
      options.say(options.redact(`l2conf watch: ${d.target} is down since ${new Date(d.start).toISOString()}: ${d.reason}`))
      return
    }
    const open = downtimes.findLast((x) => x.target === d.target && x.end === null)
    if (open !== undefined) open.end = d.end
    metrics.up.set({ target: d.target }, 1)
    metrics.downtimeSeconds.inc({ target: d.target }, (d.end - d.start) / 1000)
    const durationS = seconds(d.end - d.start)
    record({
      kind: 'downtime-end',
      target: d.target,
      startedAt: new Date(d.start).toISOString(),
      endedAt: new Date(d.end).toISOString(),
      durationS,
      message: `${d.target} is back after ${durationS} s (down since ${new Date(d.start).toISOString()}: ${d.reason})`,
    })
    options.say(`l2conf watch: ${d.target} is back after ${durationS} s`)
  })
  const evidence = (exchange: Exchange | undefined): Pick<WatchEvent, 'exchange' | 'reproduce'> =>
    exchange === undefined ? {} : { exchange: boundExchange(exchange), reproduce: reproduceCommand(exchange) }

  const arrivals = new BlockArrivals()
  const highest = { head: -1 }
  const wsHeads = new Map<string, number>()
  const httpHeads = new Map<string, number>()
  const sink: WatchSink = {
    violation(v) {
      const level = levelOf(v.requirement)
      lastLive.set(v.requirement, Date.now())
      metrics.violations.inc({ requirement: v.requirement, level, source: v.source, target: v.target })
      if (v.check === 'poll.head-back') metrics.headRegressions.inc({ target: v.target, transport: 'http' })
      record({
        kind: 'violation',
        target: v.target,
        requirement: v.requirement,
        level,
        source: v.source,
        check: v.check,
        message: v.message,
        ...evidence(v.exchange),
      })
    },
    event: record,
    head(target, transport, number) {
      metrics.headBlock.set({ target, transport }, number)
      ;(transport === 'ws' ? wsHeads : httpHeads).set(target, number)
      if (transport === 'ws' && number > highest.head) highest.head = number
      for (const t of options.targets) {
        const own = wsHeads.get(t.name) ?? httpHeads.get(t.name)
        if (own !== undefined && highest.head >= 0) metrics.headLag.set({ target: t.name }, Math.max(0, highest.head - own))
      }
    },
    announced(target, number, hash, at) {
      if (options.targets.length < 2) return
      const arrival = arrivals.record(target, number, hash, at)
      metrics.announceDelay.observe({ target }, arrival.lateS)
      if (arrival.disagrees.length === 0) return
      metrics.nodesDisagree.inc()
      record({
        kind: 'nodes-disagree',
        target,
        source: 'nodes',
        message: `block ${number} is ${hash} on ${target} but ${arrival.disagrees.map((d) => `${d.hash} on ${d.target}`).join(', ')}`,
      })
    },
    newHead(target, faults) {
      metrics.newHeads.inc({ target })
      if (faults.gaps > 0) metrics.gaps.inc({ target }, faults.gaps)
      if (faults.duplicates > 0) metrics.duplicates.inc({ target }, faults.duplicates)
      if (faults.back) metrics.headRegressions.inc({ target, transport: 'ws' })
    },
    stalled: (target) => metrics.stalls.inc({ target }),
    served: (target, s) => metrics.served.observe({ target }, s),
    reached: (target, channel) => downtime.reachedOver(target, channel),
    unreachable: (target, channel, reason) => downtime.failed(target, channel, reason),
  }

  const stopping = new AbortController()
  const transportOptions = (): TransportOptions => ({
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    headers: options.headers,
    gate: new RequestGate({ concurrency: FOLLOWER_CONCURRENCY }),
    onExchange(exchange) {
      const request = exchange.request as { method?: unknown } | null
      const method = request !== null && typeof request === 'object' && typeof request.method === 'string' ? request.method : 'other'
      const outcome =
        exchange.failure !== undefined
          ? exchange.failure.code === 'L2CONF_ERR_TIMEOUT'
            ? 'timeout'
            : 'failed'
          : exchange.response !== null && typeof exchange.response === 'object' && 'error' in exchange.response
            ? 'error'
            : 'ok'
      metrics.requests.inc({ method, transport: exchange.transport, outcome })
      if (exchange.failure === undefined) metrics.requestDuration.observe({ method, transport: exchange.transport }, exchange.durationMs / 1000)
    },
  })
  const clock = new LoopClock()
  const followers: Array<Promise<void>> = []
  const closers: Array<() => Promise<void>> = []
  for (const target of options.targets) {
    const shared = transportOptions()
    const http = new HttpTransport(target.rpc, shared)
    closers.push(() => http.close())
    followers.push(pollHead(target.name, http, sink, options.pollS * 1000, stopping.signal))
    if (target.ws !== null)
      followers.push(
        followNewHeads(
          {
            target: target.name,
            ws: target.ws,
            http,
            options: shared,
            stallMs: options.stallS * 1000,
            httpHead: () => httpHeads.get(target.name) ?? null,
            clock,
          },
          sink,
          stopping.signal,
        ),
      )
  }

  const summary = (): WatchSummary => {
    const everReached = cycleReached || downtime.reached.size > 0
    const verdict = !everReached ? 'unreachable' : timeline.mustViolated ? 'fail' : 'pass'
    return {
      tool: options.tool,
      startedAt: startedAt.toISOString(),
      endedAt,
      state,
      verdict,
      exitCode: verdict === 'unreachable' ? 3 : verdict === 'fail' ? 1 : 0,
      targets: options.targets.map((t) => ({ name: t.name, rpc: maskUrl(t.rpc), ws: t.ws === null ? null : maskUrl(t.ws) })),
      options: { intervalS: options.intervalS, stallS: options.stallS, pollS: options.pollS, only: options.only, skip: options.skip },
      eventsFile: options.eventsFile,
      cycles: { count: cycleCount, byVerdict: { ...byVerdict }, latest },
      requirements: Object.fromEntries(timeline.requirements),
      downtimes: downtimes.map((d) => ({
        target: d.target,
        start: new Date(d.start).toISOString(),
        end: d.end === null ? null : new Date(d.end).toISOString(),
        durationS: d.end === null ? null : seconds(d.end - d.start),
        reason: d.reason,
      })),
      timeline: timeline.events,
      timelineDropped: timeline.dropped,
    }
  }
  let writing: Promise<unknown> = Promise.resolve()
  /** Writes watch.json and watch.html (and the latest cycle's three reports), one write at a time, each file swapped in whole. */
  const writeRolling = (report: Report | null): Promise<void> => {
    const next = writing.then(async () => {
      if (report !== null) await writeReports(report, options.reportDir)
      const now = summary()
      for (const [name, text] of [
        ['watch.json', `${options.redact(JSON.stringify(now, null, 2))}\n`],
        ['watch.html', options.redact(watchHtml(now))],
      ] as const) {
        const path = join(options.reportDir, name)
        await writeFile(`${path}.tmp`, text)
        await rename(`${path}.tmp`, path)
      }
    })
    writing = next.catch((error: unknown) => options.say(`l2conf watch: the report could not be written: ${(error as Error).message}`))
    return next
  }

  let previous: Map<string, CheckResult['status']> | null = null
  const onCycle = async (outcome: RunOutcome, tookMs: number): Promise<void> => {
    const { report } = outcome
    cycleCount++
    if (outcome.exitCode === 3 && outcome.unreachable !== null) {
      byVerdict.unreachable = (byVerdict.unreachable ?? 0) + 1
      metrics.cycles.inc({ verdict: 'unreachable' })
      record({
        kind: 'cycle',
        cycle: cycleCount,
        verdict: 'unreachable',
        message: `cycle ${cycleCount}: the target could not be reached: ${outcome.unreachable}`,
      })
      await writeRolling(null)
      return
    }
    cycleReached = true
    const verdict = report.verdict ?? 'fail'
    byVerdict[verdict] = (byVerdict[verdict] ?? 0) + 1
    metrics.cycles.inc({ verdict })
    metrics.cycleDuration.set(tookMs / 1000)
    metrics.lastCycle.set(Date.now() / 1000)
    latest = { cycle: cycleCount, at: new Date().toISOString(), verdict, summary: report.summary, durationS: seconds(tookMs) }
    metrics.checkStatus.reset()
    latestBroken.clear()
    for (const result of report.results) {
      if (result.status === 'skipped' || result.status === 'not-run') continue
      metrics.checkStatus.set({ check: result.id, requirement: result.requirement, level: result.level }, isBroken(result.status) ? 0 : 1)
      if (isBroken(result.status)) latestBroken.set(result.requirement, true)
    }
    for (const change of cycleChanges(previous, report.results)) {
      const { result } = change
      if (change.kind === 'check-failing') metrics.violations.inc({ requirement: result.requirement, level: result.level, source: 'cycle', target: first.name })
      record({
        kind: change.kind,
        target: first.name,
        requirement: result.requirement,
        level: result.level,
        source: 'cycle',
        check: result.id,
        cycle: cycleCount,
        message:
          change.kind === 'check-failing'
            ? `cycle ${cycleCount}: ${result.id} ${result.status}${change.before === null ? '' : ` (${change.before} in the cycle before)`}: ${result.message}`
            : `cycle ${cycleCount}: ${result.id} ${result.status} again (${change.before} before)`,
        ...(change.kind === 'check-failing' && result.evidence !== undefined ? { exchange: result.evidence as unknown as Exchange } : {}),
        ...(change.kind === 'check-failing' && result.reproduce !== undefined ? { reproduce: result.reproduce } : {}),
      })
    }
    previous = carryStatuses(previous, report.results)
    record({ kind: 'cycle', cycle: cycleCount, verdict, summary: { ...report.summary }, message: `cycle ${cycleCount}: ${verdict} in ${seconds(tookMs)} s` })
    await writeRolling(report)
  }

  let inFlight: Promise<unknown> | null = null
  const cycleLoop = (async () => {
    while (!stopping.signal.aborted) {
      const began = Date.now()
      if (downtime.isDown(first.name)) {
        // Down is downtime, said once; a cycle now would only fail every check on it.
      } else {
        const running = cycles.run().then(
          (outcome) => (stopping.signal.aborted ? undefined : onCycle(outcome, Date.now() - began)),
          (error: unknown) => options.say(`l2conf watch: a cycle could not run: ${(error as Error).stack ?? String(error)}`),
        )
        inFlight = running
        await running
        inFlight = null
      }
      lastCycleEnd = Date.now()
      await abortableSleep(Math.max(0, began + intervalMs - Date.now()), stopping.signal)
    }
  })()

  let metricsServer: MetricsServer | null = null
  if (options.metrics !== null) {
    try {
      metricsServer = await serveMetrics(metrics.registry, options.metrics.host, options.metrics.port, () => ({
        ok: state === 'watching' && Date.now() - lastCycleEnd < 2 * intervalMs + 60_000,
        state,
        cycles: cycleCount,
        lastCycleAt: latest?.at ?? null,
        targetsDown: options.targets.filter((t) => downtime.isDown(t.name)).map((t) => t.name),
        events: events.written,
      }))
    } catch (error) {
      stopping.abort()
      throw error
    }
  }
  for (const target of options.targets) metrics.up.set({ target: target.name }, 1)
  record({ kind: 'watch-started', message: `watching ${options.targets.map((t) => t.name).join(', ')} every ${options.intervalS} s` })
  await writeRolling(null)

  let stopped: Promise<WatchSummary> | null = null
  return {
    metricsUrl: metricsServer?.url ?? null,
    summary,
    stop(reason) {
      stopped ??= (async () => {
        state = `stopped: ${reason}`
        stopping.abort()
        const cycle = inFlight
        if (cycle !== null) await Promise.race([cycle, new Promise((resolve) => setTimeout(resolve, CYCLE_GRACE_MS).unref())])
        await Promise.race([Promise.all(followers), new Promise((resolve) => setTimeout(resolve, CYCLE_GRACE_MS).unref())])
        void cycleLoop
        endedAt = new Date().toISOString()
        const final = summary()
        record({ kind: 'watch-stopped', verdict: final.verdict, message: `the watch stopped (${reason}): ${final.verdict}, ${cycleCount} cycles` })
        await writeRolling(null)
        await Promise.all(closers.map((close) => close()))
        clock.stop()
        await metricsServer?.close()
        return summary()
      })()
      return stopped
    },
  }
}
