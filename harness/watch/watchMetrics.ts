import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Level, RequirementId } from '../report/result.js'

/** Buckets of how long an announced block takes to be served over HTTP (seconds). */
const SERVED_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30]
/** Buckets of request latency (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The watch's Prometheus metrics (text exposition format through prom-client), named as Prometheus
 * names them: `l2conf_` first, units in the name (`_seconds`, `_blocks`), counters ending in
 * `_total`; the process's own (`process_resident_memory_bytes`, open handles) beside them.
 */
export class WatchMetrics {
  readonly registry = new Registry()
  readonly checkStatus: Gauge<'check' | 'requirement' | 'level'>
  readonly violations: Counter<'requirement' | 'level' | 'source' | 'target'>
  readonly cycles: Counter<'verdict'>
  readonly cycleDuration: Gauge
  readonly lastCycle: Gauge
  readonly newHeads: Counter<'target'>
  readonly gaps: Counter<'target'>
  readonly duplicates: Counter<'target'>
  readonly headRegressions: Counter<'target' | 'transport'>
  readonly stalls: Counter<'target'>
  readonly headBlock: Gauge<'target' | 'transport'>
  readonly headLag: Gauge<'target'>
  readonly announceDelay: Histogram<'target'>
  readonly served: Histogram<'target'>
  readonly requestDuration: Histogram<'method' | 'transport'>
  readonly requests: Counter<'method' | 'transport' | 'outcome'>
  readonly up: Gauge<'target'>
  readonly downtimes: Counter<'target'>
  readonly downtimeSeconds: Counter<'target'>
  readonly nodesDisagree: Counter
  /** Requirements failing now: set by the watch before each scrape. */
  readonly requirementFailing: Gauge<'requirement' | 'level'>

  constructor(failingNow: () => Array<{ requirement: RequirementId; level: Level; failing: boolean }>) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.checkStatus = new Gauge({
      name: 'l2conf_check_status',
      help: 'Whether each check held in the latest cycle: 1 held (passed, or could not decide), 0 failed or warned',
      labelNames: ['check', 'requirement', 'level'],
      registers,
    })
    this.requirementFailing = new Gauge({
      name: 'l2conf_requirement_failing',
      help: 'Whether a requirement is failing now: a check of it failed in the latest cycle, or a live violation of it came within the last interval (a minute at least)',
      labelNames: ['requirement', 'level'],
      registers,
      collect() {
        this.reset()
        for (const row of failingNow()) this.set({ requirement: row.requirement, level: row.level }, row.failing ? 1 : 0)
      },
    })
    this.violations = new Counter({
      name: 'l2conf_violations_total',
      help: 'Violations seen, by requirement, level, where they were seen (cycle, newheads, readback, poll) and target',
      labelNames: ['requirement', 'level', 'source', 'target'],
      registers,
    })
    this.cycles = new Counter({ name: 'l2conf_cycles_total', help: 'Cycles of checks run, by verdict', labelNames: ['verdict'], registers })
    this.cycleDuration = new Gauge({ name: 'l2conf_cycle_duration_seconds', help: 'How long the latest cycle of checks took', registers })
    this.lastCycle = new Gauge({ name: 'l2conf_last_cycle_timestamp_seconds', help: 'When the latest cycle of checks ended (Unix time)', registers })
    this.newHeads = new Counter({ name: 'l2conf_newheads_total', help: 'newHeads notifications received', labelNames: ['target'], registers })
    this.gaps = new Counter({ name: 'l2conf_newheads_gaps_total', help: 'Blocks never announced by newHeads (skipped)', labelNames: ['target'], registers })
    this.duplicates = new Counter({
      name: 'l2conf_newheads_duplicates_total',
      help: 'Blocks announced by newHeads more than once',
      labelNames: ['target'],
      registers,
    })
    this.headRegressions = new Counter({
      name: 'l2conf_head_regressions_total',
      help: 'Times the head went back, over WebSocket (newHeads) or HTTP (eth_blockNumber)',
      labelNames: ['target', 'transport'],
      registers,
    })
    this.stalls = new Counter({
      name: 'l2conf_newheads_stalls_total',
      help: 'Times no newHeads notification came for longer than --stall',
      labelNames: ['target'],
      registers,
    })
    this.headBlock = new Gauge({ name: 'l2conf_head_block', help: 'The latest head seen, by transport', labelNames: ['target', 'transport'], registers })
    this.headLag = new Gauge({
      name: 'l2conf_head_lag_blocks',
      help: 'How many blocks each target is behind the highest head announced by any watched target',
      labelNames: ['target'],
      registers,
    })
    this.announceDelay = new Histogram({
      name: 'l2conf_block_announce_delay_seconds',
      help: 'How long after the first watched target each target announced a block',
      labelNames: ['target'],
      buckets: SERVED_BUCKETS,
      registers,
    })
    this.served = new Histogram({
      name: 'l2conf_announced_block_served_seconds',
      help: 'How long after its newHeads notification an announced block was served over HTTP',
      labelNames: ['target'],
      buckets: SERVED_BUCKETS,
      registers,
    })
    this.requestDuration = new Histogram({
      name: 'l2conf_request_duration_seconds',
      help: 'Latency of the requests the watch sends, by JSON-RPC method and transport',
      labelNames: ['method', 'transport'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    this.requests = new Counter({
      name: 'l2conf_requests_total',
      help: 'Requests the watch sent, by method, transport and outcome (ok, error: a JSON-RPC error, timeout, failed: no usable answer)',
      labelNames: ['method', 'transport', 'outcome'],
      registers,
    })
    this.up = new Gauge({ name: 'l2conf_target_up', help: 'Whether the target is reachable over every watched channel now', labelNames: ['target'], registers })
    this.downtimes = new Counter({ name: 'l2conf_downtimes_total', help: 'Downtimes that began', labelNames: ['target'], registers })
    this.downtimeSeconds = new Counter({ name: 'l2conf_downtime_seconds_total', help: 'Seconds of downtime that ended', labelNames: ['target'], registers })
    this.nodesDisagree = new Counter({ name: 'l2conf_nodes_disagree_total', help: 'Blocks the watched targets announced with different hashes', registers })
  }
}
