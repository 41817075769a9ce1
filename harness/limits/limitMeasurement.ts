import type { SearchOutcome } from './largestAccepted.js'

/**
 * One limit LIMITS discovery measured: the value for report.json's `limits` (a number when exact; a
 * string such as ">=10000" when only a lower bound is known; null when nothing could be measured),
 * how many requests it took, and a note saying what was seen, for the report.
 */
export interface LimitMeasurement {
  value: number | string | null
  requests: number
  note: string
}

/**
 * The reported value of a search: the exact limit, `>=N` for a lower bound (the cap accepted, or the
 * search stopped after N was accepted), null when the search stopped before anything was accepted.
 * @example limitValue({ kind: 'at-least', accepted: 10000, ... }) // ">=10000"
 */
export function limitValue(outcome: SearchOutcome, floor: number): number | string | null {
  if (outcome.kind === 'exact') return outcome.accepted
  if (outcome.kind === 'at-least') return `>=${outcome.accepted}`
  return outcome.accepted >= floor ? `>=${outcome.accepted}` : null
}
