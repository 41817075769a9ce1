import type { Report, RequirementId } from '../report/result.js'
import type { WatchEvent } from './watchEvent.js'
import type { RequirementWatch } from './watchTimeline.js'

/** watch.json: what the watch saw over its life (the rolling report beside the latest cycle's report.json). */
export interface WatchSummary {
  tool: { name: string; version: string }
  startedAt: string
  endedAt: string | null
  /** 'watching' while it runs; then why it stopped. */
  state: string
  /** pass: no MUST violation seen; fail: one was; unreachable: no target ever answered. */
  verdict: 'pass' | 'fail' | 'unreachable'
  exitCode: 0 | 1 | 3
  targets: Array<{ name: string; rpc: string; ws: string | null }>
  options: { intervalS: number; stallS: number; pollS: number; only: string[]; skip: string[] }
  eventsFile: string
  cycles: {
    count: number
    byVerdict: Record<string, number>
    latest: { cycle: number; at: string; verdict: Report['verdict']; summary: Report['summary']; durationS: number } | null
  }
  requirements: Partial<Record<RequirementId, RequirementWatch>>
  downtimes: Array<{ target: string; start: string; end: string | null; durationS: number | null; reason: string }>
  timeline: WatchEvent[]
  timelineDropped: number
}
