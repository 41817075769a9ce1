import { escapeHtml } from '../report/escapeHtml.js'
import { reportCss } from '../report/reportCss.js'
import { entryName } from './sweepJunitXml.js'
import type { SweepCheckEntry, SweepReport } from './sweepReport.js'

const pretty = (value: unknown): string => escapeHtml(JSON.stringify(value, null, 2) ?? String(value))

function entry(e: SweepCheckEntry): string {
  const rows = e.first
    .map(
      (f) => `<div class="finding"><p><strong>block ${f.block}</strong>: ${escapeHtml(f.message)}</p>
${f.expected === undefined && f.got === undefined ? '' : `<table class="sides"><thead><tr><th>expected (or A)</th><th>got (or B)</th></tr></thead><tbody><tr><td><pre>${pretty(f.expected)}</pre></td><td><pre>${pretty(f.got)}</pre></td></tr></tbody></table>`}
${f.reproduce.map((r) => `<pre>${escapeHtml(r)}</pre>`).join('\n')}</div>`,
    )
    .join('\n')
  const more = e.failing > e.first.length ? `<p class="muted">${e.failing - e.first.length} more not shown.</p>` : ''
  return `<section><h3><span class="badge failed">${e.failing} failing</span> <code>${escapeHtml(entryName(e))}</code> <span class="muted">${escapeHtml(e.method)}</span></h3>${rows}${more}</section>`
}

/**
 * report.html of `l2conf sweep`: the nodes, the plan and what it covered, the verdict, then each rule
 * or field that failed with its first failing blocks, the values and a curl line per answer; the
 * requests per method. Self-contained; everything a node sent is escaped.
 */
export function sweepHtml(report: SweepReport): string {
  const c = report.covered
  const verdict =
    report.verdict === 'pass'
      ? report.targets.length === 2
        ? 'The nodes agree and every block verifies'
        : 'Every block verifies'
      : report.verdict === 'interrupted'
        ? 'Interrupted'
        : 'Blocks failed'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>l2conf sweep</title><style>${reportCss}
.sides { width: 100%; table-layout: fixed; border-collapse: collapse; } .sides td, .sides th { border: 1px solid var(--line); vertical-align: top; padding: 4px; }
pre { white-space: pre-wrap; word-break: break-all; } .muted { color: var(--muted); }
.badge.failed { background: var(--fail-bg); color: var(--fail); padding: 0 6px; } .badge.passed { background: var(--pass-bg); color: var(--pass); padding: 0 6px; }
</style></head><body><main>
<h1>l2conf sweep</h1>
<p>${report.targets.map((t, i) => `${i === 0 ? 'A' : 'B'}: <code>${escapeHtml(t.rpc)}</code>`).join(' · ')}</p>
<p><span class="badge ${report.verdict === 'pass' ? 'passed' : 'failed'}">${escapeHtml(verdict)}</span> ${report.summary.failing} failing in ${report.summary.checksFailing} rules or fields${report.targets.length === 2 ? `, ${report.summary.differing} requests answered differently` : ''}.</p>
<p>Plan: ${escapeHtml(report.plan.sources.join(' '))} (${report.plan.blocks} blocks)${report.shard === null ? '' : `, shard ${report.shard.index}/${report.shard.count}`}. Covered: ${c.blocks} blocks, ${c.transactions} transactions, ${c.receipts} receipts, ${c.logs} logs${c.stateReads > 0 ? `, ${c.stateReads} state reads` : ''}; ${escapeHtml(
    c.ranges
      .map(([a, b]) => (a === b ? `${a}` : `${a}..${b}`))
      .slice(0, 50)
      .join(', '),
  )}${c.ranges.length > 50 || c.rangesCut === true ? ' …' : ''}. ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s.</p>
${report.warnings.map((w) => `<p class="badge failed">${escapeHtml(w)}</p>`).join('\n')}
${report.interrupted === undefined ? '' : `<p class="badge failed">Interrupted: ${escapeHtml(report.interrupted)}</p>`}
${report.checks.map(entry).join('\n')}
<h2>Requests by method</h2>
<table><thead><tr><th>method</th><th>asked</th><th>differing</th><th>both refused</th></tr></thead><tbody>
${report.methods.map((m) => `<tr><td><code>${escapeHtml(m.method)}</code></td><td>${m.asked}</td><td>${m.differing}</td><td>${m.bothRefused}</td></tr>`).join('\n')}
</tbody></table>
${report.unjudged.length === 0 ? '' : `<h2>Not judged</h2><ul>${report.unjudged.map((u) => `<li>${u.count}: ${escapeHtml(u.reason)}</li>`).join('')}</ul>`}
</main></body></html>
`
}
