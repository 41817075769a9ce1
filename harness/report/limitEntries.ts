import type { Report } from './result.js'

/** The limits LIMITS discovery measures, in the order reports show them; others follow by name. */
const ORDER = ['maxBlockRange', 'maxBatchItems', 'maxRequestBytes', 'maxWsMessageBytes', 'rateLimit']

/** One measured limit as reports show it. */
export interface LimitEntry {
  name: string
  /** The value as text: `1000`, `>=10000`, `none` for null (nothing seen, e.g. no rate limit). */
  value: string
  /** A reading aid, e.g. `5 MiB` for a byte count; null when the value reads by itself. */
  hint: string | null
}

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
 * report: known limits first, null as `none`, byte counts with a size in KiB/MiB.
 * @example limitEntries({ maxRequestBytes: 5242880, rateLimit: null }) // [{ name: 'maxRequestBytes', value: '5242880', hint: '5 MiB' }, { name: 'rateLimit', value: 'none', hint: null }]
 */
export function limitEntries(limits: NonNullable<Report['limits']>): LimitEntry[] {
  const rank = (name: string): number => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length)
  const names = Object.keys(limits).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  return names.map((name) => {
    const raw = limits[name]
    const value = raw === null || raw === undefined ? 'none' : String(raw)
    const bytes = /Bytes$/.test(name) ? (typeof raw === 'number' ? raw : typeof raw === 'string' && /^>=\d+$/.test(raw) ? Number(raw.slice(2)) : null) : null
    const readable = bytes === null ? null : size(bytes)
    return { name, value, hint: readable === null ? null : typeof raw === 'string' ? `>=${readable}` : readable }
  })
}
