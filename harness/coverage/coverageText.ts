import type { Coverage, CoverageTotals } from './coverage.js'
import { methodCells, operationCells, percent, ratio, totalsRows } from './coverageCells.js'
import { visibleText } from '../report/visibleText.js'

/** The coverage for a terminal (`l2conf coverage`, the default format): the totals, what was not called, then a line per method and operation. */
export function coverageText(coverage: Coverage): string {
  const lines = [
    `Spec coverage (openrpc sha256 ${coverage.specs.openrpc.sha256.slice(0, 12)}…, openapi sha256 ${coverage.specs.openapi.sha256.slice(0, 12)}…)`,
    ...totalsRows(coverage.totals).map(({ name, cell }) => `  ${name.padEnd(28)} ${ratio(cell).padStart(9)}  ${percent(cell).padStart(4)}`),
  ]
  const notCalled = coverage.methods.filter((method) => method.calls === 0).map((method) => method.name)
  const restNotCalled = coverage.operations.filter((operation) => operation.calls === 0).map((operation) => `${operation.method} ${operation.path}`)
  if (notCalled.length > 0) lines.push(`Methods not called (${notCalled.length}): ${notCalled.join(', ')}`)
  if (restNotCalled.length > 0) lines.push(`REST operations not called (${restNotCalled.length}): ${restNotCalled.join(', ')}`)
  const undeclared = [...coverage.undeclaredMethods.map((method) => method.name), ...coverage.undeclaredOperations.map((op) => `${op.method} ${op.path}`)]
  if (undeclared.length > 0) lines.push(`Called but not in the specs: ${undeclared.map((name) => name.replace(/[\r\n]+/g, ' ')).join(', ')}`)
  lines.push('Methods (calls: http/ws/batch; examples, params, param branches, result branches, errors covered of declared):')
  for (const row of coverage.methods.map(methodCells)) {
    const { http, ws, batch } = row.transports
    lines.push(
      `  ${row.name.padEnd(38)} ${String(row.calls).padStart(5)}: ${http}/${ws}/${batch}  ex ${ratio(row.examples)}  params ${ratio(row.params)}  branches ${ratio(row.paramBranches)}  result ${ratio(row.resultBranches)}  errors ${ratio(row.errors)}`,
    )
    if (row.uncovered.length > 0 && row.calls > 0) lines.push(`      not covered: ${row.uncovered.join('; ')}`)
  }
  lines.push('REST operations (calls; statuses, params covered of declared):')
  for (const row of coverage.operations.map(operationCells)) {
    lines.push(`  ${row.name.padEnd(38)} ${String(row.calls).padStart(5)}  statuses ${ratio(row.statuses)}  params ${ratio(row.params)}`)
    if (row.uncovered.length > 0 && row.calls > 0) lines.push(`      not covered: ${row.uncovered.join('; ')}`)
  }
  const { unclassified } = coverage.exchanges
  if (unclassified.failed + unclassified.large > 0)
    lines.push(`Schema branches not classified: ${unclassified.failed} calls of failed exchanges, ${unclassified.large} values past the size bound`)
  // Undeclared names come from traffic: control characters are shown, never sent to the terminal.
  return `${visibleText(lines.join('\n'))}\n`
}

/** The coverage in one line, for the end of a run's terminal summary. */
export function coverageSummaryLine(totals: CoverageTotals): string {
  return [
    `${ratio(totals.methods)} methods`,
    `${ratio(totals.examples)} examples`,
    `${ratio(totals.paramBranches)} param branches`,
    `${ratio(totals.resultBranches)} result branches`,
    `${ratio(totals.errors)} error codes`,
    `${ratio(totals.operations)} REST operations`,
    `${ratio(totals.statuses)} REST statuses`,
  ].join(', ')
}
