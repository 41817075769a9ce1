/**
 * Largest piece of evidence kept per answer in a diff report: with MAX_FINDINGS findings of two
 * answers and two differing values each (pretty-printed, escaped: at most about twice as long), report.json
 * stays under 10 MB whatever the targets send.
 */
export const MAX_EVIDENCE_CHARS = 6 * 1024

/**
 * An answer fit for a report: kept whole up to MAX_EVIDENCE_CHARS of JSON, else its first
 * characters as text with the original size noted, so a report stays bounded whatever a target sends.
 */
export function truncateEvidence(value: unknown): unknown {
  const text = JSON.stringify(value)
  if (text === undefined || text.length <= MAX_EVIDENCE_CHARS) return value
  return { truncated: `${text.slice(0, MAX_EVIDENCE_CHARS)}…`, originalChars: text.length }
}
