import type { UntypedFinding as Finding } from './finding.js'

/** What a judge of a live chain decides: findings, or that it cannot decide (and why). */
export interface LiveVerdict {
  findings: Finding[]
  /** Set when nothing was found wrong but the window held nothing to judge (a still chain). */
  inconclusive: string | null
}

/**
 * The head numbers that bound a span of time, each read with eth_blockNumber: `from` as it began, `to`
 * as it ended (a subscription's window: right after eth_subscribe answered, and after the wait; a call's:
 * before it was sent, and after its answer). Every block numbered in (from, to] became the head meanwhile.
 */
export interface HeadWindow {
  from: bigint
  to: bigint
}
