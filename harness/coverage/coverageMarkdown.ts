import type { Coverage } from './coverage.js'
import { methodCells, operationCells, percent, ratio, totalsRows } from './coverageCells.js'

/** Text safe inside a Markdown table cell or inline code: no pipes, newlines, backticks or markup (undeclared names come from traffic). */
function md(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replaceAll('|', '\\|')
    .replaceAll('`', "'")
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

function names(items: readonly string[], limit = 30): string {
  const shown = items.slice(0, limit).map((item) => `\`${md(item)}\``)
  return items.length > limit ? `${shown.join(', ')} and ${items.length - limit} more` : shown.join(', ')
}

/**
 * The coverage as a pull-request comment (`l2conf coverage --format markdown`): compact first (the
 * totals, then what was not called), the per-method and per-operation tables folded below.
 */
export function coverageMarkdown(coverage: Coverage): string {
  const t = coverage.totals
  const lines = [
    `### Spec coverage: ${ratio(t.methods)} methods, ${ratio(t.examples)} examples, ${ratio(t.operations)} REST operations`,
    '',
    '| | covered | declared | |',
    '|:--|--:|--:|--:|',
    ...totalsRows(coverage.totals).map(({ name, cell }) => `| ${name} | ${cell.covered} | ${cell.declared} | ${percent(cell)} |`),
    '',
  ]
  const notCalled = coverage.methods.filter((method) => method.calls === 0).map((method) => method.name)
  const restNotCalled = coverage.operations.filter((operation) => operation.calls === 0).map((operation) => `${operation.method} ${operation.path}`)
  lines.push(notCalled.length === 0 ? '**Every method was called.**' : `**Methods not called (${notCalled.length}):** ${names(notCalled)}`, '')
  lines.push(
    restNotCalled.length === 0 ? '**Every REST operation was called.**' : `**REST operations not called (${restNotCalled.length}):** ${names(restNotCalled)}`,
    '',
  )
  const undeclared = [...coverage.undeclaredMethods.map((method) => method.name), ...coverage.undeclaredOperations.map((op) => `${op.method} ${op.path}`)]
  if (undeclared.length > 0) lines.push(`Called but not in the specs: ${names(undeclared, 10)}`, '')
  lines.push(
    `<details><summary>Methods (${coverage.methods.length}) and REST operations (${coverage.operations.length})</summary>`,
    '',
    '| method | calls | http | ws | batch | examples | params | param branches | result branches | errors | not covered |',
    '|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|:--|',
    ...coverage.methods.map(methodCells).map((row) => {
      const missing =
        row.uncovered.length === 0 ? '' : md(row.uncovered.slice(0, 5).join('; ') + (row.uncovered.length > 5 ? `; +${row.uncovered.length - 5}` : ''))
      return `| \`${md(row.name)}\` | ${row.calls} | ${row.transports.http} | ${row.transports.ws} | ${row.transports.batch} | ${ratio(row.examples)} | ${ratio(row.params)} | ${ratio(row.paramBranches)} | ${ratio(row.resultBranches)} | ${ratio(row.errors)} | ${missing} |`
    }),
    '',
    '| operation | calls | statuses | params | not covered |',
    '|:--|--:|--:|--:|:--|',
    ...coverage.operations
      .map(operationCells)
      .map((row) => `| \`${md(row.name)}\` | ${row.calls} | ${ratio(row.statuses)} | ${ratio(row.params)} | ${md(row.uncovered.join('; '))} |`),
    '',
    '</details>',
    '',
  )
  return lines.join('\n')
}
