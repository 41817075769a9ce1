import { escapeXml } from '../report/escapeXml.js'
import type { DiffFinding, DiffReport } from './diffReport.js'

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${escapeXml(String(value), { attribute: true })}"`)
    .join(' ')
}

function findingText(finding: DiffFinding): string {
  const d = finding.difference
  return [
    `${finding.label} (${finding.source}), params ${JSON.stringify(finding.params)}`,
    `${d.kind} at '${d.pointer}': A ${JSON.stringify(d.left)} / B ${JSON.stringify(d.right)}`,
    `A: ${finding.left.reproduce}`,
    `B: ${finding.right.reproduce}`,
  ].join('\n')
}

/**
 * junit.xml of `l2conf diff`: one `<testsuite>` per transport (http, ws, rest), one `<testcase>`
 * per method or REST path; a method the targets answer differently carries a `<failure>` with its
 * differing requests, the first differing pointer and a reproduce line for each side. An
 * interrupted diff is an `<error>` in a last suite, so CI never reads a partial diff as agreement.
 */
export function diffJunitXml(report: DiffReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  const errors = report.interrupted === undefined ? 0 : 1
  lines.push(
    `<testsuites ${attributes({ name: `${report.tool.name} ${report.tool.version} diff`, tests: report.methods.length + (report.interrupted !== undefined || (report.warnings ?? []).length > 0 ? 1 : 0), failures: report.summary.methodsDiffering, errors, timestamp: report.startedAt })}>`,
  )
  for (const transport of ['http', 'ws', 'rest'] as const) {
    const methods = report.methods.filter((m) => m.transport === transport)
    if (methods.length === 0) continue
    lines.push(
      `  <testsuite ${attributes({ name: `diff ${transport}`, tests: methods.length, failures: methods.filter((m) => m.differing > 0).length, errors: 0, skipped: 0 })}>`,
    )
    for (const method of methods) {
      lines.push(`    <testcase ${attributes({ classname: `diff.${transport}`, name: method.method })}>`)
      if (method.differing > 0) {
        const message = `${method.differing} of ${method.asked} requests answered differently`
        lines.push(
          `      <failure ${attributes({ message, type: method.findings[0]?.difference.kind ?? 'differ' })}>${escapeXml(method.findings.map(findingText).join('\n\n'))}</failure>`,
        )
      }
      lines.push('    </testcase>')
    }
    lines.push('  </testsuite>')
  }
  const warnings = report.warnings ?? []
  if (report.interrupted !== undefined || warnings.length > 0) {
    lines.push(`  <testsuite ${attributes({ name: 'l2conf diff', tests: 1, failures: 0, errors, skipped: 0 })}>`)
    lines.push(`    <testcase ${attributes({ classname: 'l2conf', name: 'diff notices' })}>`)
    if (report.interrupted !== undefined)
      lines.push(`      <error ${attributes({ message: `diff interrupted: ${report.interrupted}`, type: 'interrupted' })}/>`)
    if (warnings.length > 0) lines.push(`      <system-out>${escapeXml(warnings.join('\n'))}</system-out>`)
    lines.push('    </testcase>')
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return `${lines.join('\n')}\n`
}
