import { escapeHtml } from '../report/escapeHtml.js'
import type { WatchSummary } from './watchSummary.js'

const cell = (value: unknown): string => `<td>${escapeHtml(value === undefined || value === null ? '' : String(value))}</td>`

/** watch.html: the watch at a glance (targets, cycles, requirements broken, downtimes), then its timeline, newest first. */
export function watchHtml(summary: WatchSummary): string {
  const requirements = Object.entries(summary.requirements)
    .map(([id, row]) => `<tr>${cell(id)}${cell(row.level)}${cell(row.violations)}${cell(row.firstAt)}${cell(row.lastAt)}${cell(row.lastMessage)}</tr>`)
    .join('\n')
  const downtimes = summary.downtimes
    .map((d) => `<tr>${cell(d.target)}${cell(d.start)}${cell(d.end ?? 'ongoing')}${cell(d.durationS?.toFixed(1))}${cell(d.reason)}</tr>`)
    .join('\n')
  const timeline = [...summary.timeline]
    .reverse()
    .map(
      (e) =>
        `<tr class="${escapeHtml(e.kind)}">${cell(e.at)}${cell(e.kind)}${cell(e.target)}${cell(e.requirement)}${cell(e.level)}${cell(e.check)}${cell(e.message)}</tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>l2conf watch: ${escapeHtml(summary.verdict)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
tr.violation td,tr.check-failing td{background:#fde8e8}tr.check-recovered td,tr.downtime-end td{background:#e8f6e8}tr.downtime-start td,tr.stall td{background:#fff4d6}</style></head>
<body><h1>l2conf watch: ${escapeHtml(summary.verdict)}</h1>
<p>From ${escapeHtml(summary.startedAt)} to ${escapeHtml(summary.endedAt ?? 'now')} (${escapeHtml(summary.state)}); ${summary.cycles.count} cycles of checks every ${summary.options.intervalS} s; targets: ${summary.targets.map((t) => escapeHtml(`${t.name} (${t.rpc}${t.ws === null ? '' : ` + ${t.ws}`})`)).join(', ')}.</p>
<p>The latest cycle's report: <a href="report.html">report.html</a>. Every event with its exchange and a line that replays it: ${escapeHtml(summary.eventsFile)}.</p>
<h2>Requirements broken</h2>
<table><tr><th>requirement</th><th>level</th><th>violations</th><th>first</th><th>last</th><th>last seen</th></tr>
${requirements || '<tr><td colspan="6">none</td></tr>'}</table>
<h2>Downtime</h2>
<table><tr><th>target</th><th>start</th><th>end</th><th>seconds</th><th>why</th></tr>
${downtimes || '<tr><td colspan="5">none</td></tr>'}</table>
<h2>Timeline (newest first${summary.timelineDropped > 0 ? `; older events only in the events file` : ''})</h2>
<table><tr><th>at</th><th>event</th><th>target</th><th>requirement</th><th>level</th><th>check</th><th>what</th></tr>
${timeline}</table>
</body></html>
`
}
