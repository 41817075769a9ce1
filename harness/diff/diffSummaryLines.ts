import type { DiffReport } from './diffReport.js'

/** How much of each differing value the terminal shows: enough to see the difference, never a screenful. */
const VALUE_MAX_CHARS = 60

/** A value on one line, cut with an ellipsis past VALUE_MAX_CHARS (report.json keeps it whole). */
function shortValue(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length <= VALUE_MAX_CHARS ? text : `${text.slice(0, VALUE_MAX_CHARS - 1)}…`
}

/**
 * The terminal summary of `l2conf diff`: the counts, then one line per differing method and transport
 * with its first difference as a person reads it: where (the whole answer when the pointer is empty),
 * and the two values side by side. Methods are counted by name; the transports each was asked over are
 * said beside the count, since one method asked over HTTP and WebSocket is still one method.
 */
export function diffSummaryLines(report: DiffReport, files: readonly string[]): string[] {
  const s = report.summary
  const names = new Set(report.methods.map((m) => m.method))
  const differingNames = new Set(report.methods.filter((m) => m.differing > 0).map((m) => m.method))
  const transports = [...new Set(report.methods.map((m) => m.transport))].join(', ')
  const lines = [
    `${s.differing === 0 ? 'The targets agree' : 'The targets differ'}: ${s.differing} of ${s.asked} requests answered differently, in ${differingNames.size} of ${names.size} methods and REST paths (over ${transports || 'no transport'}; seed ${report.seed}, common height ${report.commonHeight ?? 'unknown'}).`,
  ]
  for (const m of report.methods.filter((x) => x.differing > 0)) {
    const first = m.findings[0]
    let where = ''
    if (first !== undefined) {
      const d = first.difference
      const at = d.pointer === '' ? 'the whole answer' : d.pointer
      where = ` — first: ${d.kind} at ${at}: ${shortValue(d.left)} vs ${shortValue(d.right)} (${first.label})`
    }
    lines.push(`  ${m.transport.padEnd(4)} ${m.method}: ${m.differing}/${m.asked} differ${where}`)
  }
  for (const warning of report.warnings ?? []) lines.push(`Warning: ${warning}`)
  if (report.interrupted !== undefined) lines.push(`Interrupted: ${report.interrupted}`)
  lines.push(`Reports: ${files.join(', ')}`)
  return lines
}
