import { coverageTotalsHtml } from '../coverage/coverageHtml.js'
import { escapeHtml } from './escapeHtml.js'
import type { CellStatus, FleetSummary } from './fleetSummary.js'
import { reportCss } from './reportCss.js'

const CELL_CLASS: Record<CellStatus, string> = {
  failed: 'fail',
  'not-run': 'fail',
  warning: 'warn',
  inconclusive: 'warn',
  'known-failure': 'known',
  passed: 'pass',
  skipped: 'skip',
  none: 'skip',
}

/**
 * fleet.html: the fleet summary as one self-contained page: a row per target (its verdict, its counts,
 * a link to its own report.html) and the matrix of targets x requirements, each cell the worst status of
 * that requirement's checks on that target. Every value from a report is escaped.
 */
export function fleetHtml(fleet: FleetSummary): string {
  const head = `<tr><th>target</th>${fleet.requirements.map((id) => `<th class="mono">${escapeHtml(id)}</th>`).join('')}</tr>`
  const rows = fleet.targets
    .map((target) => {
      const cells = fleet.requirements
        .map((id) => {
          const cell = fleet.matrix[target.name]?.[id] ?? 'none'
          return `<td class="cell ${CELL_CLASS[cell]}" title="${escapeHtml(`${target.name} ${id}: ${cell}`)}">${escapeHtml(cell === 'none' ? '-' : cell)}</td>`
        })
        .join('')
      return `<tr><th><a href="${escapeHtml(`${target.reportDir}/report.html`)}">${escapeHtml(target.name)}</a></th>${cells}</tr>`
    })
    .join('\n')
  const targets = fleet.targets
    .map((target) => {
      const address = target.target.rpc ?? 'no address'
      const counts = `${target.summary.passed} passed, ${target.summary.failed} failed, ${target.summary.warnings} warnings, ${target.summary.notRun ?? 0} not run`
      const why = target.interrupted === undefined ? '' : ` <span class="muted">${escapeHtml(target.interrupted)}</span>`
      return `<li><a href="${escapeHtml(`${target.reportDir}/report.html`)}">${escapeHtml(target.name)}</a> <span class="mono">${escapeHtml(address)}</span>: <strong>${escapeHtml(target.verdict ?? 'unknown')}</strong> (exit ${escapeHtml(String(target.exitCode ?? '?'))}; ${escapeHtml(counts)})${why}</li>`
    })
    .join('\n')
  const coverageRows = fleet.targets.flatMap((target) =>
    target.coverage === undefined ? [] : [{ name: target.name, href: `${target.reportDir}/report.html#coverage`, totals: target.coverage }],
  )
  if (fleet.coverage !== undefined) coverageRows.push({ name: 'the fleet (union)', href: 'fleet.json', totals: fleet.coverage.totals })
  const coverage = coverageRows.length === 0 ? '' : `\n<h2>Spec coverage by target</h2>\n<div style="overflow-x:auto">${coverageTotalsHtml(coverageRows)}</div>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>l2conf fleet: ${escapeHtml(fleet.verdict)}</title>
<style>${reportCss}
table.fleet { border-collapse: collapse; font-size: 12px; }
table.fleet th, table.fleet td { border: 1px solid var(--line); padding: 3px 6px; text-align: left; white-space: nowrap; }
td.pass { background: var(--pass-bg); color: var(--pass); } td.fail { background: var(--fail-bg); color: var(--fail); }
td.warn { background: var(--warn-bg); color: var(--warn); } td.known { background: var(--known-bg); color: var(--known); }
td.skip { background: var(--skip-bg); color: var(--skip); }
</style></head>
<body><header><h1>l2conf fleet certification: ${escapeHtml(fleet.verdict)}</h1>
<p class="muted">${escapeHtml(`${fleet.tool.name} ${fleet.tool.version}, started ${fleet.startedAt}, profile ${fleet.profile}, seed ${fleet.seed}, ${fleet.targets.length} targets, exit ${fleet.exitCode}`)}</p></header>
<main><h2>Targets</h2><ul>
${targets}
</ul>
<h2>Requirements by target</h2>
<div style="overflow-x:auto"><table class="fleet"><thead>${head}</thead><tbody>
${rows}
</tbody></table></div>${coverage}</main></body></html>
`
}
