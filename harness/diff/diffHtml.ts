import { escapeHtml } from '../report/escapeHtml.js'
import { reportCss } from '../report/reportCss.js'
import type { DiffFinding, DiffReport, MethodDiff } from './diffReport.js'

function pretty(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2) ?? String(value))
}

function finding(f: DiffFinding): string {
  const d = f.difference
  return `<div class="finding">
<p><strong>${escapeHtml(f.label)}</strong> <span class="muted">(${escapeHtml(f.source)})</span> params <code>${escapeHtml(JSON.stringify(f.params) ?? '')}</code></p>
<p>${escapeHtml(d.kind)} at <code>${escapeHtml(d.pointer === '' ? '(the whole answer)' : d.pointer)}</code></p>
<table class="sides"><thead><tr><th>A</th><th>B</th></tr></thead><tbody>
<tr><td><pre>${pretty(d.left)}</pre></td><td><pre>${pretty(d.right)}</pre></td></tr>
<tr><td><details><summary>whole answer</summary><pre>${pretty(f.left.answer)}</pre></details></td><td><details><summary>whole answer</summary><pre>${pretty(f.right.answer)}</pre></details></td></tr>
<tr><td><pre>${escapeHtml(f.left.reproduce)}</pre></td><td><pre>${escapeHtml(f.right.reproduce)}</pre></td></tr>
</tbody></table></div>`
}

function method(m: MethodDiff): string {
  const status = m.differing > 0 ? `<span class="badge failed">differ</span>` : `<span class="badge passed">agree</span>`
  const body = m.findings.map(finding).join('\n')
  const more = m.differing > m.findings.length ? `<p class="muted">${m.differing - m.findings.length} more differing requests not shown.</p>` : ''
  return `<section class="method"><h3>${status} <code>${escapeHtml(m.method)}</code> <span class="muted">${escapeHtml(m.transport)} · ${m.differing} of ${m.asked} differ</span></h3>${body}${more}</section>`
}

/**
 * report.html of `l2conf diff`: the two targets, the summary, then every method (differing ones
 * first) with its differing requests side by side: the first differing JSON pointer, the two
 * values there, each whole answer and a reproduce line per side. Self-contained, everything a
 * target sent escaped (escapeHtml).
 */
export function diffHtml(report: DiffReport): string {
  const [a, b] = report.targets
  const ordered = [...report.methods].sort((x, y) => Number(y.differing > 0) - Number(x.differing > 0))
  const s = report.summary
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>l2conf diff</title><style>${reportCss}
.sides { width: 100%; table-layout: fixed; border-collapse: collapse; } .sides td, .sides th { border: 1px solid var(--line); vertical-align: top; padding: 4px; }
.sides pre { white-space: pre-wrap; word-break: break-all; margin: 0; } .finding { margin: 8px 0 16px; } .muted { color: var(--muted); }
.badge.failed { background: var(--fail-bg); color: var(--fail); padding: 0 6px; } .badge.passed { background: var(--pass-bg); color: var(--pass); padding: 0 6px; }
</style></head><body><main>
<h1>l2conf diff</h1>
<p>A: <code>${escapeHtml(a?.rpc ?? '')}</code> · B: <code>${escapeHtml(b?.rpc ?? '')}</code></p>
<p>${s.differing === 0 && report.interrupted === undefined ? 'The targets agree' : 'The targets differ'}: ${s.differing} of ${s.asked} requests answered differently, in ${s.methodsDiffering} of ${s.methods} methods. Seed ${report.seed}, ${report.runs} runs, common height ${report.commonHeight ?? 'unknown'}, ${report.startedAt}; openrpc.json ${escapeHtml(report.specs.openrpc.version)} (sha256 ${escapeHtml(report.specs.openrpc.sha256.slice(0, 12))}…), openapi.yaml ${escapeHtml(report.specs.openapi.version)} (sha256 ${escapeHtml(report.specs.openapi.sha256.slice(0, 12))}…).</p>
${(report.warnings ?? []).map((w) => `<p class="badge failed">${escapeHtml(w)}</p>`).join('\n')}
${report.interrupted === undefined ? '' : `<p class="badge failed">Interrupted: ${escapeHtml(report.interrupted)}</p>`}
${ordered.map(method).join('\n')}
</main></body></html>
`
}
