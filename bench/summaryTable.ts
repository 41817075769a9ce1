/** One line of the closing summary: a figure, its target (if any) and whether it was met. */
export interface SummaryRow {
  benchmark: string
  figure: string
  target: string
  /** undefined when there is no target. */
  met: boolean | undefined
}

/**
 * The closing summary as a plain-text table, one row per figure, columns padded.
 * @example summaryTable([{ benchmark: 'latest c=8', figure: 'ratio 0.70', target: '>= 0.50', met: true }])
 */
export function summaryTable(rows: readonly SummaryRow[]): string {
  const cells = [
    ['benchmark', 'figure', 'target', 'met'],
    ...rows.map((row) => [row.benchmark, row.figure, row.target, row.met === undefined ? '-' : row.met ? 'yes' : 'NO']),
  ]
  const widths = [0, 1, 2, 3].map((column) => Math.max(...cells.map((line) => (line[column] as string).length)))
  const format = (line: string[]): string =>
    line
      .map((cell, column) => cell.padEnd(widths[column] as number))
      .join(' | ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-')
  return [format(cells[0] as string[]), rule, ...cells.slice(1).map(format)].join('\n')
}
