import type { UntypedFinding as Finding } from './finding.js'

/** What a judge of a live chain decides: findings, or that it cannot decide (and why). */
export interface LiveVerdict {
  findings: Finding[]
  /** Set when nothing was found wrong but the window held nothing to judge (a still chain). */
  inconclusive: string | null
}

/**
 * The head numbers that bound a subscription's window, each read with eth_blockNumber: `subscribed`
 * right after eth_subscribe answered, `settled` after the wait. Every block numbered in
 * (subscribed, settled] became the head while the subscription was active.
 */
export interface HeadWindow {
  subscribed: bigint
  settled: bigint
}
