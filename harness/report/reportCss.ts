/**
 * The stylesheet inlined into report.html: readable on screen, no external assets, prints well
 * (status colours kept, evidence unclipped, navigation dropped).
 */
export const reportCss = `
:root { --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #ffffff; --panel: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5;
  --known: #8250df; --known-bg: #fbefff; --skip: #57606a; --skip-bg: #eaeef2; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: var(--fg); background: var(--bg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif; }
header, main, footer, nav { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 0 0 4px; }
h4 { font-size: 12px; margin: 10px 0 2px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
a { color: #0969da; }
.muted { color: var(--muted); }
.verdict { display: inline-block; font-weight: 700; font-size: 16px; padding: 4px 12px; border-radius: 6px; margin: 6px 0 10px; }
.verdict.pass { color: var(--pass); background: var(--pass-bg); }
.verdict.fail { color: var(--fail); background: var(--fail-bg); }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 10px 0; padding: 0; list-style: none; }
.counts li { padding: 3px 10px; border-radius: 12px; font-weight: 600; }
.notices { border-left: 4px solid var(--warn); background: var(--warn-bg); padding: 8px 14px; margin: 10px 0; }
.notices ul { margin: 0; padding-left: 18px; }
nav { margin-top: 8px; }
nav a { margin-right: 14px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
caption { text-align: left; padding: 4px 0; }
.matrix th[scope=row], .checks th[scope=row] { white-space: nowrap; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--panel); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.zero { color: #aab1b9; }
td.cov-full { background: var(--pass-bg); } td.cov-part { background: var(--warn-bg); } td.cov-none { background: var(--fail-bg); }
.coverage-scroll { overflow-x: auto; } table.coverage td:last-child { min-width: 16em; }
.badge { display: inline-block; white-space: nowrap; min-width: 58px; text-align: center; font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; letter-spacing: .03em; }
.s-passed { color: var(--pass); background: var(--pass-bg); }
.s-failed { color: var(--fail); background: var(--fail-bg); }
.s-warning { color: var(--warn); background: var(--warn-bg); }
.s-known-failure { color: var(--known); background: var(--known-bg); }
.s-skipped, .s-not-run, .s-inconclusive { color: var(--skip); background: var(--skip-bg); }
tr.row-failed > :first-child { box-shadow: inset 4px 0 var(--fail); }
.finding { border: 1px solid var(--line); border-left: 5px solid var(--skip); border-radius: 6px; padding: 10px 14px; margin: 10px 0; break-inside: avoid-page; }
.finding.failed { border-left-color: var(--fail); }
.finding.warning { border-left-color: var(--warn); }
.finding.known-failure { border-left-color: var(--known); }
.finding .message { white-space: pre-wrap; margin: 6px 0; font-weight: 500; }
.finding .where { color: var(--muted); font-size: 13px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px; margin: 0;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 30em; overflow: auto; }
pre.reproduce { background: #1b1f24; color: #e6edf3; border-color: #1b1f24; }
.evidence { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.evidence > div { min-width: 0; }
details > summary { cursor: pointer; font-weight: 600; margin: 6px 0; }
figure.latency { margin: 8px 0; overflow-x: auto; }
figure.latency figcaption { color: var(--muted); font-size: 12px; }
svg.chart { max-width: 100%; height: auto; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif; }
svg.chart .label { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; fill: var(--fg); }
svg.chart .tick, svg.chart .value, svg.chart .legend text { fill: var(--muted); }
svg.chart .grid { stroke: var(--line); stroke-width: 1; }
svg.chart .bar-max { fill: #c8d7f0; }
svg.chart .bar-p95 { fill: #6f9be0; }
svg.chart .bar-p50 { fill: #1f4e9c; }
footer { color: var(--muted); font-size: 12px; padding-top: 16px; padding-bottom: 24px; }
@media (max-width: 800px) { .evidence { grid-template-columns: 1fr; } }
@page { margin: 12mm; }
@media print {
  body { font-size: 10px; }
  code, pre, .mono { font-size: 9.5px; }
  th, td { padding: 2px 5px; }
  pre.reproduce { background: var(--panel); color: var(--fg); border-color: var(--line); }
  .finding { padding: 6px 10px; }
  nav, .screen-only { display: none; }
  header, main, footer { max-width: none; padding: 0; }
  pre { max-height: none; overflow: visible; }
  h2 { break-after: avoid-page; }
  tr { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`
