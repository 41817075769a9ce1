import { escapeXml } from '../report/escapeXml.js'
import { NODE_CHECKS } from './sweepFinding.js'
import type { SweepCheckEntry, SweepReport } from './sweepReport.js'

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${escapeXml(String(value), { attribute: true })}"`)
    .join(' ')
}

function evidenceText(entry: SweepCheckEntry): string {
  return entry.first.map((e) => [e.message, ...e.reproduce].join('\n')).join('\n\n')
}

/** The name of a testcase: the rule, and for a difference or a state read the method and field. */
export function entryName(entry: Pick<SweepCheckEntry, 'check' | 'method' | 'field' | 'side'>): string {
  const side = entry.side === null ? '' : `${entry.side}: `
  return entry.check === 'differs' || entry.check === 'state' ? `${side}${entry.method} ${entry.field}` : `${side}${entry.check}`
}

/**
 * junit.xml of `l2conf sweep`: a `<testsuite>` per node (its own consistency: one `<testcase>` per
 * rule, failed with its first failing blocks and their curl lines) and, with two nodes, one of their
 * differences (a testcase per method compared, failed per differing field). An interrupted sweep is
 * an `<error>`, so CI never reads a partial sweep as a pass.
 */
export function sweepJunitXml(report: SweepReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  const suites: Array<{ name: string; cases: Array<{ name: string; failures: SweepCheckEntry[] }> }> = []
  const sides = report.targets.length === 2 ? (['A', 'B'] as const) : ([null] as const)
  for (const side of sides) {
    suites.push({
      name: side === null ? `sweep ${report.targets[0]?.rpc ?? ''}` : `sweep ${side} ${report.targets[side === 'A' ? 0 : 1]?.rpc ?? ''}`,
      cases: NODE_CHECKS.map((check) => ({ name: check, failures: report.checks.filter((c) => c.check === check && c.side === side) })),
    })
  }
  if (report.targets.length === 2) {
    suites.push({
      name: 'sweep A versus B',
      cases: report.methods.map((m) => ({
        name: m.method,
        failures: report.checks.filter((c) => (c.check === 'differs' || c.check === 'state') && c.method === m.method),
      })),
    })
  }
  const tests = suites.reduce((sum, s) => sum + s.cases.length, 0) + 1
  const failures = suites.reduce((sum, s) => sum + s.cases.filter((c) => c.failures.length > 0).length, 0)
  const errors = report.interrupted === undefined ? 0 : 1
  lines.push(`<testsuites ${attributes({ name: `${report.tool.name} ${report.tool.version} sweep`, tests, failures, errors, timestamp: report.startedAt })}>`)
  for (const suite of suites) {
    lines.push(
      `  <testsuite ${attributes({ name: suite.name, tests: suite.cases.length, failures: suite.cases.filter((c) => c.failures.length > 0).length, errors: 0, skipped: 0 })}>`,
    )
    for (const c of suite.cases) {
      lines.push(`    <testcase ${attributes({ classname: 'sweep', name: c.name })}>`)
      if (c.failures.length > 0) {
        const failing = c.failures.reduce((sum, f) => sum + f.failing, 0)
        const firstBlock = Math.min(...c.failures.map((f) => f.first[0]?.block ?? Infinity))
        const message = `${failing} failing; first at block ${firstBlock}: ${c.failures.map(entryName).join(', ')}`
        lines.push(
          `      <failure ${attributes({ message, type: c.failures[0]?.check ?? 'sweep' })}>${escapeXml(c.failures.map(evidenceText).join('\n\n'))}</failure>`,
        )
      }
      lines.push('    </testcase>')
    }
    lines.push('  </testsuite>')
  }
  const covered = `${report.covered.blocks} blocks, ${report.covered.transactions} transactions, ${report.covered.receipts} receipts, ${report.covered.logs} logs${report.covered.stateReads > 0 ? `, ${report.covered.stateReads} state reads` : ''}`
  lines.push(`  <testsuite ${attributes({ name: 'l2conf sweep', tests: 1, failures: 0, errors, skipped: 0 })}>`)
  lines.push(`    <testcase ${attributes({ classname: 'l2conf', name: 'sweep coverage' })}>`)
  if (report.interrupted !== undefined) lines.push(`      <error ${attributes({ message: `sweep interrupted: ${report.interrupted}`, type: 'interrupted' })}/>`)
  lines.push(
    `      <system-out>${escapeXml([`covered: ${covered}`, ...report.warnings, ...report.unjudged.map((u) => `not judged (${u.count}): ${u.reason}`)].join('\n'))}</system-out>`,
  )
  lines.push('    </testcase>')
  lines.push('  </testsuite>')
  lines.push('</testsuites>')
  return `${lines.join('\n')}\n`
}
