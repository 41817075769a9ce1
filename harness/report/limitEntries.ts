import { limitForm } from './limitForm.js'
import type { Report } from './result.js'

/** The limits LIMITS discovery measures, in the order reports show them; others follow by name. */
const ORDER = ['maxBlockRange', 'maxBatchItems', 'maxRequestBytes', 'maxWsMessageBytes', 'rateLimit']

/** One measured limit as reports show it: `name`, `relation`, `value` (`maxResponseBytes≥10485749`). */
export interface LimitEntry {
  name: string
  /** `=` for an exact value (or one that is no bound), `≥` for a lower bound only, `≤` for an upper bound only (limitForm). */
  relation: '=' | '≥' | '≤'
  /** The value as text: `1000`, `10000` (of a bound, its number), `none` for null (nothing seen, e.g. no rate limit). */
  value: string
  /** A reading aid, e.g. `5 MiB` for a byte count (`≥5 MiB` for a lower bound); null when the value reads by itself. */
  hint: string | null
}

const RELATIONS = { exact: '=', 'at-least': '≥', 'at-most': '≤' } as const

function size(bytes: number): string | null {
  for (const [unit, scale] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= scale) return `${Number((bytes / scale).toFixed(2))} ${unit}`
  }
  return null
}

/**
 * report.json's `limits` (LIMITS discovery) as ordered entries for the terminal summary and the HTML
 * report: known limits first, null as `none`, a bound known only from one side with its relation
 * (`≥`, `≤`: never shown as if it were the target's bound), byte counts with a size in KiB/MiB.
 * @example limitEntries({ maxRequestBytes: 5242880, rateLimit: null }) // [{ name: 'maxRequestBytes', relation: '=', value: '5242880', hint: '5 MiB' }, { name: 'rateLimit', relation: '=', value: 'none', hint: null }]
 */
export function limitEntries(limits: NonNullable<Report['limits']>): LimitEntry[] {
  const rank = (name: string): number => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length)
  const names = Object.keys(limits).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  return names.map((name) => {
    const raw = limits[name]
    const form = limitForm(raw)
    const relation = form === null ? '=' : RELATIONS[form]
    // A bound's number without its `>=`/`<=`: the relation says which bound it is.
    const value = raw === null || raw === undefined ? 'none' : typeof raw === 'string' && form !== null ? raw.slice(2) : String(raw)
    const bytes = /Bytes$/.test(name) && form !== null ? Number(value) : null
    const readable = bytes === null ? null : size(bytes)
    return { name, relation, value, hint: readable === null ? null : form === 'exact' ? readable : `${relation}${readable}` }
  })
}
