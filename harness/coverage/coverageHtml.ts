import { escapeHtml } from '../report/escapeHtml.js'
import type { Coverage, CoverageTotals, Covered } from './coverage.js'
import { fullness, methodCells, operationCells, percent, ratio, totalsRows } from './coverageCells.js'

function cell(value: Covered, what: string): string {
  return `<td class="num cov-${fullness(value)}" title="${escapeHtml(what)}">${ratio(value)}</td>`
}

function count(value: number): string {
  return `<td class="num${value === 0 ? ' zero' : ''}">${value}</td>`
}

function codes(values: readonly number[]): string {
  return values.length === 0 ? '<td class="muted">-</td>' : `<td class="mono">${escapeHtml(values.join(', '))}</td>`
}

function uncoveredCell(items: readonly string[]): string {
  if (items.length === 0) return '<td class="muted">-</td>'
  const shown = items.slice(0, 6).join('; ')
  return `<td title="${escapeHtml(items.join('; '))}">${escapeHtml(items.length > 6 ? `${shown}; and ${items.length - 6} more` : shown)}</td>`
}

/**
 * report.html's "Spec coverage" section: the totals, then a matrix of every method of the OpenRPC
 * document (calls by transport, examples, params, schema branches, errors) and every operation of
 * the OpenAPI document (statuses, params), each cell covered out of declared and shaded by how much,
 * and what each row left uncovered. Every text is escaped (undeclared names come from traffic).
 */
export function coverageHtml(coverage: Coverage): string {
  const totals = totalsRows(coverage.totals)
    .map(({ name, cell: value }) => `<li><strong>${ratio(value)}</strong> ${escapeHtml(name)} <span class="muted">${percent(value)}</span></li>`)
    .join('')
  const methods = coverage.methods
    .map(methodCells)
    .map(
      (row) =>
        `<tr${row.calls === 0 ? ' class="row-failed"' : ''}><th scope="row"><code>${escapeHtml(row.name)}</code></th>${count(row.calls)}${count(row.transports.http)}${count(row.transports.ws)}${count(row.transports.batch)}` +
        `${cell(row.examples, 'example pairings whose params a call sent')}${cell(row.params, 'params given at least once')}${cell(row.optionalOmitted, 'optional params left out at least once')}` +
        `${cell(row.paramBranches, 'oneOf/anyOf branches of params matched')}${cell(row.resultBranches, 'oneOf/anyOf branches of the result matched')}` +
        `${row.nullResults === undefined ? '<td class="muted">-</td>' : count(row.nullResults)}${cell(row.errors, 'declared error codes answered')}${codes(row.undeclaredErrors)}${uncoveredCell(row.uncovered)}</tr>`,
    )
  const operations = coverage.operations
    .map(operationCells)
    .map(
      (row) =>
        `<tr${row.calls === 0 ? ' class="row-failed"' : ''}><th scope="row"><code>${escapeHtml(row.name)}</code></th>${count(row.calls)}${cell(row.statuses, 'declared statuses answered')}${codes(row.undeclaredStatuses)}${cell(row.params, 'query, header and cookie params given')}${uncoveredCell(row.uncovered)}</tr>`,
    )
  const undeclared = [
    ...coverage.undeclaredMethods.map((method) => `${method.name} (${method.calls})`),
    ...coverage.undeclaredOperations.map((operation) => `${operation.method} ${operation.path} (${operation.calls})`),
  ]
  const { observed, raw, notifications, unclassified } = coverage.exchanges
  return `<ul class="counts coverage-totals">${totals}</ul>
<div class="coverage-scroll"><table class="matrix coverage"><caption class="muted">Every method of the OpenRPC document (sha256 ${escapeHtml(coverage.specs.openrpc.sha256.slice(0, 12))}…), called or not: each cell covered out of declared.</caption>
<thead><tr><th scope="col">Method</th><th scope="col" class="num">Calls</th><th scope="col" class="num">HTTP</th><th scope="col" class="num">WS</th><th scope="col" class="num">Batch</th><th scope="col" class="num">Examples</th><th scope="col" class="num">Params given</th><th scope="col" class="num">Optional omitted</th><th scope="col" class="num">Param branches</th><th scope="col" class="num">Result branches</th><th scope="col" class="num">Null results</th><th scope="col" class="num">Errors</th><th scope="col">Undeclared errors</th><th scope="col">Not covered</th></tr></thead>
<tbody>
${methods.join('\n')}
</tbody></table></div>
<div class="coverage-scroll"><table class="matrix coverage"><caption class="muted">Every operation of the OpenAPI document (sha256 ${escapeHtml(coverage.specs.openapi.sha256.slice(0, 12))}…), called or not.</caption>
<thead><tr><th scope="col">Operation</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Statuses</th><th scope="col">Undeclared statuses</th><th scope="col" class="num">Params given</th><th scope="col">Not covered</th></tr></thead>
<tbody>
${operations.join('\n')}
</tbody></table></div>
${undeclared.length === 0 ? '' : `<p>Called but not in the specs: <span class="mono">${escapeHtml(undeclared.join(', '))}</span></p>\n`}<p class="muted">${escapeHtml(
    `${observed} exchanges observed (${raw} raw-text probes, ${notifications} notifications); schema branches not classified: ${unclassified.failed} failed exchanges, ${unclassified.large} values past the size bound.`,
  )}</p>`
}

/** fleet.html's coverage table: a row per target (and the fleet's union), a column per total, each covered out of declared. */
export function coverageTotalsHtml(rows: ReadonlyArray<{ name: string; href?: string; totals: CoverageTotals }>): string {
  const first = rows[0]
  if (first === undefined) return ''
  const columns = totalsRows(first.totals)
  const body = rows
    .map(({ name, href, totals }) => {
      const label = href === undefined ? escapeHtml(name) : `<a href="${escapeHtml(href)}">${escapeHtml(name)}</a>`
      return `<tr><th>${label}</th>${totalsRows(totals)
        .map((total) => cell(total.cell, `${name}: ${total.name}`))
        .join('')}</tr>`
    })
    .join('\n')
  return `<table class="fleet coverage"><thead><tr><th>target</th>${columns.map(({ name }) => `<th>${escapeHtml(name)}</th>`).join('')}</tr></thead><tbody>
${body}
</tbody></table>`
}
