import { coverageHtml } from '../coverage/coverageHtml.js'
import { escapeHtml } from './escapeHtml.js'
import { formatDuration } from './formatDuration.js'
import { limitEntries } from './limitEntries.js'
import { latencyChart } from './latencyChart.js'
import { latencyStats } from './latencyStats.js'
import { prettyValue } from './prettyValue.js'
import { reportCss } from './reportCss.js'
import { requirementMatrix, type RequirementStatus } from './requirementMatrix.js'
import { cellStatus, clientMatrix } from './clientMatrix.js'
import type { CheckResult, Report, SpecInfo } from './result.js'

const LABELS: Record<RequirementStatus | 'inconclusive', string> = {
  passed: 'PASS',
  failed: 'FAIL',
  warning: 'WARN',
  'known-failure': 'KNOWN',
  skipped: 'SKIP',
  'not-run': 'NOT RUN',
  inconclusive: 'INCONCL.',
}

// Opens every collapsed section before printing, so the paper copy holds all the evidence.
const PRINT_SCRIPT = "addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true})})"

/**
 * report.html of a run (ARCHITECTURE.md: "a page a person reads"): one self-contained page, inline CSS
 * and SVG, no external assets, readable without scripts. It holds the run header (tool, target,
 * profile, seed, spec versions and sha256, duration, run notices), the requirement matrix of
 * ARCHITECTURE.md, every failure, warning and known failure with its evidence and reproduce line,
 * skipped and inconclusive checks with their reasons, latency per method (chart and table), and
 * every check. All text from the target is escaped.
 */
export function htmlReport(report: Report): string {
  const { results } = report
  const indexed = results.map((result, index) => ({ result, anchor: `check-${index + 1}` }))
  const of = (status: CheckResult['status']): Array<{ result: CheckResult; anchor: string }> => indexed.filter(({ result }) => result.status === status)
  const failed = of('failed')
  const verdict = verdictWord(report, failed.length)
  const target = report.target.rpc ?? report.target.rest ?? report.target.ws ?? 'no target'
  const sections: Section[] = [{ id: 'matrix', title: 'Requirement matrix', body: matrixTable(report, indexed) }]
  const clients = report.clients ?? clientMatrix(results)
  if (clients !== null) sections.push({ id: 'clients', title: 'Client libraries', body: clientTable(clients, indexed) })
  const finding = findingOf(indexed)
  if (failed.length > 0) sections.push({ id: 'failures', title: `Failures (${failed.length})`, body: failed.map(finding).join('\n') })
  const warnings = of('warning')
  if (warnings.length > 0)
    sections.push({
      id: 'warnings',
      title: `Warnings (${warnings.length})`,
      body: `<p class="muted">SHOULD-level deviations: reported, failing the run only with --strict.</p>\n${warnings.map(finding).join('\n')}`,
    })
  const known = of('known-failure')
  if (known.length > 0)
    sections.push({
      id: 'known-failures',
      title: `Known failures (${known.length})`,
      body: `<p class="muted">Listed in the expectations file: reported, not failing the run.</p>\n${known.map(finding).join('\n')}`,
    })
  const stale = staleExpectations(report)
  if (stale !== '') sections.push({ id: 'expectations', title: 'Expectations to update', body: stale })
  const skipped = indexed.filter(({ result }) => result.status === 'skipped' || result.status === 'inconclusive' || result.status === 'not-run')
  if (skipped.length > 0) sections.push({ id: 'skipped', title: `Skipped, inconclusive and not run (${skipped.length})`, body: skippedTable(skipped) })
  if (report.coverage !== undefined) sections.push({ id: 'coverage', title: 'Spec coverage', body: coverageHtml(report.coverage) })
  sections.push({ id: 'latency', title: 'Latency per method', body: latencyChart(latencyStats(results)) })
  sections.push({ id: 'checks', title: `All checks (${results.length})`, body: allChecks(indexed) })

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${report.tool.name} report: ${verdict}: ${target}`)}</title>
<style>${reportCss}</style>
</head>
<body>
<header>
<h1>${escapeHtml(report.tool.name)} conformance report</h1>
<p class="verdict ${verdict === 'PASS' ? 'pass' : 'fail'}" id="verdict">${verdict}${verdictDetail(report)}</p>
${countsList(report)}
${metaList(report)}
${notices(report)}
</header>
<nav class="screen-only" aria-label="Sections">${sections.map(({ id, title }) => `<a href="#${id}">${escapeHtml(title)}</a>`).join('')}</nav>
<main>
${sections.map(({ id, title, body }) => `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${escapeHtml(title)}</h2>\n${body}\n</section>`).join('\n')}
</main>
<footer>Written by ${escapeHtml(`${report.tool.name} ${report.tool.version}`)} for the run started ${escapeHtml(report.startedAt)}. The whole evidence is in report.json beside this page.</footer>
<script>${PRINT_SCRIPT}</script>
</body>
</html>
`
}

interface Section {
  id: string
  title: string
  body: string
}

function badge(status: RequirementStatus | 'inconclusive'): string {
  return `<span class="badge s-${status}">${LABELS[status]}</span>`
}

function resultBadge(result: CheckResult): string {
  return badge(result.status)
}

/** The verdict's word: report.json's `verdict` when the report has one (older reports: from the counts). */
function verdictWord(report: Report, failed: number): string {
  if (report.interrupted !== undefined || report.verdict === 'interrupted') return 'INTERRUPTED'
  if (report.verdict === 'nothing-certified') return 'NOTHING CERTIFIED'
  if (report.verdict === 'fail' || failed > 0) return 'FAIL'
  return 'PASS'
}

function verdictDetail(report: Report): string {
  const { failed } = report.summary
  if (report.interrupted !== undefined) return escapeHtml(`: the run did not finish (${report.interrupted})`)
  if (report.verdict === 'nothing-certified') return ': nothing was certified (no check reached a verdict: every one was skipped, inconclusive or not run)'
  if (report.verdict === 'fail' && failed === 0) return ': a MUST check stayed inconclusive under --strict'
  if (failed > 0) return escapeHtml(`: ${failed} check${failed === 1 ? '' : 's'} failed`)
  return report.strict === true ? ': every MUST and SHOULD check passed' : ': every MUST check passed'
}

function countsList(report: Report): string {
  const { passed, failed, warnings, knownFailures, skipped, inconclusive = 0, notRun = 0 } = report.summary
  const items: Array<[number, string, RequirementStatus]> = [
    [passed, 'passed', 'passed'],
    [failed, 'failed', 'failed'],
    [warnings, warnings === 1 ? 'warning' : 'warnings', 'warning'],
    [knownFailures, knownFailures === 1 ? 'known failure' : 'known failures', 'known-failure'],
    [skipped, 'skipped', 'skipped'],
    ...(inconclusive > 0 ? [[inconclusive, 'inconclusive', 'inconclusive'] as [number, string, RequirementStatus]] : []),
    ...(notRun > 0 ? [[notRun, 'not run', 'not-run'] as [number, string, RequirementStatus]] : []),
  ]
  return `<ul class="counts" aria-label="Counts">${items.map(([count, label, status]) => `<li class="s-${status}">${count} ${label}</li>`).join('')}<li class="s-skipped">${escapeHtml(formatDuration(report.durationMs))}</li></ul>`
}

function metaList(report: Report): string {
  const rows: Array<[string, string]> = [
    [
      'Tool',
      escapeHtml(
        `${report.tool.name} ${report.tool.version}${report.runtime === undefined ? '' : ` on Node.js ${report.runtime.node} (${report.runtime.platform} ${report.runtime.arch})`}`,
      ),
    ],
    ['JSON-RPC (HTTP)', code(report.target.rpc)],
    ['JSON-RPC (WebSocket)', code(report.target.ws)],
    ['REST', code(report.target.rest)],
    ['Profile', escapeHtml(report.profile + (report.strict === true ? ', strict (SHOULD failures fail)' : ''))],
    ['Seed', `<code>${report.seed}</code>`],
    ['Started', escapeHtml(report.startedAt)],
    ['Duration', escapeHtml(formatDuration(report.durationMs))],
    ['OpenRPC spec', spec(report.specs.openrpc)],
    ['OpenAPI spec', spec(report.specs.openapi)],
  ]
  if (report.limits !== undefined && Object.keys(report.limits).length > 0) {
    // What LIMITS discovery measured; each check's note (how it was measured) is in the LIMITS results.
    const entries = limitEntries(report.limits).map(({ name, relation, value, hint }) => {
      // A bound known from one side only says so in words too: it is not the target's limit.
      const notes = [relation === '≥' ? 'a lower bound' : relation === '≤' ? 'an upper bound' : null, hint].filter((note) => note !== null)
      return `<code>${escapeHtml(`${name}${relation}${value}`)}</code>${notes.length === 0 ? '' : ` <span class="muted">(${escapeHtml(notes.join(', '))})</span>`}`
    })
    rows.push(['Limits', entries.join('<br>')])
  }
  return `<dl class="meta">${rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`
}

function code(value: string | null): string {
  return value === null ? '<span class="muted">not tested</span>' : `<code>${escapeHtml(value)}</code>`
}

function spec(info: SpecInfo): string {
  return `<code>${escapeHtml(info.path)}</code> version ${escapeHtml(info.version)}, sha256 <code>${escapeHtml(info.sha256)}</code>`
}

function notices(report: Report): string {
  const items = [
    ...(report.interrupted === undefined ? [] : [`The run did not finish (${report.interrupted}): the results are what ran.`]),
    ...(report.warnings ?? []),
  ]
  if (items.length === 0) return ''
  return `<div class="notices" role="note"><strong>Run notices</strong><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul></div>`
}

function matrixTable(report: Report, indexed: ReadonlyArray<{ result: CheckResult; anchor: string }>): string {
  const firstFinding = new Map<string, string>()
  for (const { result, anchor } of indexed) {
    if (result.status !== 'passed' && result.status !== 'skipped' && !firstFinding.has(result.requirement)) firstFinding.set(result.requirement, anchor)
  }
  const cell = (count: number): string => `<td class="num${count === 0 ? ' zero' : ''}">${count}</td>`
  const rows = requirementMatrix(report.results).map((row) => {
    const anchor = firstFinding.get(row.id)
    const id = anchor === undefined ? `<code>${row.id}</code>` : `<a href="#${anchor}"><code>${row.id}</code></a>`
    return `<tr class="row-${row.status}" data-requirement="${row.id}"><th scope="row">${id}</th><td>${row.levelText}</td><td>${badge(row.status)}</td>${cell(row.counts.passed)}${cell(row.counts.failed)}${cell(row.counts.warnings)}${cell(row.counts.knownFailures)}${cell(row.counts.inconclusive)}${cell(row.counts.skipped + row.counts.notRun)}<td>${row.what === null ? '<span class="muted">not in the requirement table</span>' : escapeHtml(row.what)}</td></tr>`
  })
  return `<table class="matrix"><caption class="muted">One row per requirement of the interface; a requirement fails when any of its checks failed.</caption>
<thead><tr><th scope="col">Requirement</th><th scope="col">Level</th><th scope="col">Status</th><th scope="col" class="num">Passed</th><th scope="col" class="num">Failed</th><th scope="col" class="num">Warnings</th><th scope="col" class="num">Known</th><th scope="col" class="num">Inconclusive</th><th scope="col" class="num">Skipped or not run</th><th scope="col">What it asks</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`
}

/** CLIENT-COMPAT's matrix: an operation a row, a library (with its version) a column, each cell its check's status. */
function clientTable(matrix: NonNullable<Report['clients']>, indexed: ReadonlyArray<{ result: CheckResult; anchor: string }>): string {
  const anchors = new Map(indexed.map(({ result, anchor }) => [result.id, { anchor, status: result.status }]))
  const head = matrix.libraries
    .map(({ name, version }) => `<th scope="col">${escapeHtml(name)} <span class="muted">${escapeHtml(version)}</span></th>`)
    .join('')
  const rows = matrix.operations.map((operation) => {
    const cells = matrix.libraries.map(({ name }) => {
      const cell = cellStatus(matrix, name, operation)
      if (cell === undefined) return '<td class="muted">not in this run</td>'
      const status: RequirementStatus =
        cell.status === 'warning' ||
        cell.status === 'failed' ||
        cell.status === 'known-failure' ||
        cell.status === 'inconclusive' ||
        cell.status === 'skipped' ||
        cell.status === 'not-run'
          ? cell.status
          : 'passed'
      const target = anchors.get(cell.check)
      const link = target === undefined || target.status === 'passed' ? badge(status) : `<a href="#${target.anchor}">${badge(status)}</a>`
      return `<td data-check="${escapeHtml(cell.check)}">${link}</td>`
    })
    return `<tr><th scope="row"><code>${escapeHtml(operation)}</code></th>${cells.join('')}</tr>`
  })
  return `<table class="clients"><caption class="muted">CLIENT-COMPAT: each library's own call for each operation, over the run's transports, against the suite's strict reading of the same answer.</caption>
<thead><tr><th scope="col">Operation</th>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`
}

/**
 * A failure, warning or known failure with its evidence, said once per root cause: a check whose
 * failure rests on the same answer as an earlier one's (`sameCauseAs`) links to it instead of
 * repeating its evidence, and the earlier one lists the checks that point to it.
 */
function findingOf(indexed: ReadonlyArray<{ result: CheckResult; anchor: string }>): (entry: { result: CheckResult; anchor: string }) => string {
  const anchorOf = new Map(indexed.map(({ result, anchor }) => [result.id, anchor]))
  const link = (id: string): string => {
    const anchor = anchorOf.get(id)
    return anchor === undefined ? `<code>${escapeHtml(id)}</code>` : `<a href="#${anchor}"><code>${escapeHtml(id)}</code></a>`
  }
  return ({ result, anchor }) => {
    const head = [
      `<article class="finding ${result.status}" id="${anchor}" data-check="${escapeHtml(result.id)}">`,
      `<h3>${resultBadge(result)} <code>${escapeHtml(result.id)}</code> ${escapeHtml(result.title)}</h3>`,
      `<div class="where">${escapeHtml(result.requirement)} · ${result.level} · ${escapeHtml(formatDuration(result.durationMs))}</div>`,
    ]
    if (result.sameCauseAs !== undefined) {
      // Its own words only where they say more than the owner's (a check may read the same answer its own way).
      const owner = indexed.find((entry) => entry.result.id === result.sameCauseAs)?.result
      const own = owner === undefined || owner.message !== result.message ? [`<p class="message muted">${escapeHtml(result.message)}</p>`] : []
      return [
        ...head,
        `<p class="same-cause">Fails on the same answer as ${link(result.sameCauseAs)}: its cause and evidence are there.</p>`,
        ...own,
        '</article>',
      ].join('\n')
    }
    const pointing = indexed.filter((entry) => entry.result.sameCauseAs === result.id)
    const also =
      pointing.length === 0
        ? []
        : [
            `<p class="same-cause">The same answer fails ${pointing.length} more check${pointing.length === 1 ? '' : 's'}: ${pointing.map((entry) => link(entry.result.id)).join(', ')}.</p>`,
          ]
    return finding({ result, anchor }, head, also)
  }
}

function finding({ result }: { result: CheckResult; anchor: string }, head: string[], also: string[]): string {
  const parts = [...head, `<p class="message">${escapeHtml(result.message)}</p>`, ...also]
  const expectation = result.expectation
  if (expectation !== undefined) {
    parts.push(
      `<p class="muted">Expectation <code>${escapeHtml(expectation.match)}</code>: ${escapeHtml(expectation.reason)}${expectation.issue === undefined ? '' : ` (${issueLink(expectation.issue)})`}${expectation.expires === undefined ? '' : `, until ${escapeHtml(expectation.expires)}`}</p>`,
    )
  }
  if (result.evidence !== undefined) {
    parts.push(
      `<details class="evidence-box" open><summary>Evidence</summary><div class="evidence">`,
      `<div><h4>Request</h4><pre class="request">${escapeHtml(prettyValue(result.evidence.request))}</pre></div>`,
      `<div><h4>Response</h4><pre class="response">${escapeHtml(prettyValue(result.evidence.response))}</pre></div>`,
      '</div></details>',
    )
  }
  if (result.reproduce !== undefined) parts.push(`<h4>Reproduce</h4><pre class="reproduce">${escapeHtml(result.reproduce)}</pre>`)
  parts.push('</article>')
  return parts.join('\n')
}

function issueLink(issue: string): string {
  return /^https?:\/\//i.test(issue) ? `<a href="${escapeHtml(issue)}">${escapeHtml(issue)}</a>` : escapeHtml(issue)
}

function staleExpectations(report: Report): string {
  const expectations = report.expectations
  if (expectations === undefined) return ''
  const items = [
    ...expectations.unexpectedPasses.map(
      (id) => `<li><strong>Unexpected pass</strong>: <code>${escapeHtml(id)}</code> passed but is listed as a known failure; remove the stale entry.</li>`,
    ),
    ...expectations.unmatched.map(
      (match) => `<li><strong>Matched nothing</strong>: the entry <code>${escapeHtml(match)}</code> matched no check of this run.</li>`,
    ),
    ...(expectations.expired ?? []).map(
      (match) => `<li><strong>Expired</strong>: the entry <code>${escapeHtml(match)}</code> is past its date; its failures count again.</li>`,
    ),
  ]
  if (items.length === 0) return ''
  return `<p>From <code>${escapeHtml(expectations.file)}</code>:</p><ul>${items.join('')}</ul>`
}

function skippedTable(skipped: ReadonlyArray<{ result: CheckResult; anchor: string }>): string {
  const rows = skipped.map(
    ({ result, anchor }) =>
      `<tr id="${anchor}"><td>${resultBadge(result)}</td><th scope="row"><code>${escapeHtml(result.id)}</code></th><td>${escapeHtml(result.requirement)}</td><td>${escapeHtml(result.message)}</td></tr>`,
  )
  return `<table class="skipped"><thead><tr><th scope="col">Kind</th><th scope="col">Check</th><th scope="col">Requirement</th><th scope="col">Reason</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`
}

function allChecks(indexed: ReadonlyArray<{ result: CheckResult; anchor: string }>): string {
  const rows = indexed.map(({ result, anchor }) => {
    const id = result.status === 'passed' ? `<code>${escapeHtml(result.id)}</code>` : `<a href="#${anchor}"><code>${escapeHtml(result.id)}</code></a>`
    return `<tr><td>${resultBadge(result)}</td><th scope="row">${id}</th><td>${escapeHtml(result.title)}</td><td>${escapeHtml(result.requirement)}</td><td>${result.level}</td><td class="num">${escapeHtml(formatDuration(result.durationMs))}</td></tr>`
  })
  return `<details><summary>Show every check</summary><table class="checks"><thead><tr><th scope="col">Status</th><th scope="col">Check</th><th scope="col">Title</th><th scope="col">Requirement</th><th scope="col">Level</th><th scope="col" class="num">Time</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></details>`
}
