import type { RequirementId } from '../report/result.js'

/**
 * The line the proxy prints on stderr once a minute (and when it stops): the exchanges of the period
 * and in all, and the violations of the period by requirement, most first. One line, so a log keeps
 * one per minute however busy the traffic.
 * @example summaryLine(new Date(), { exchanges: 120, violations: new Map([['RANGE-ORDER', 2]]) }, 4000, 7)
 * // 'l2conf proxy 10:01:00Z: 120 exchange(s) this period (4000 in all); 2 violation(s): RANGE-ORDER 2; 7 in all'
 */
export function summaryLine(
  at: Date,
  period: { exchanges: number; violations: ReadonlyMap<RequirementId, number> },
  exchanges: number,
  violations: number,
): string {
  const time = at.toISOString().slice(11, 19)
  const counted = [...period.violations].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const inPeriod = counted.reduce((sum, [, n]) => sum + n, 0)
  const which = counted.length === 0 ? 'no violation' : `${inPeriod} violation(s): ${counted.map(([id, n]) => `${id} ${n}`).join(', ')}`
  return `l2conf proxy ${time}Z: ${period.exchanges} exchange(s) this period (${exchanges} in all); ${which}; ${violations} in all`
}
