import { escapeXml } from './escapeXml.js'
import { evidenceText } from './evidenceText.js'
import { requirementMatrix } from './requirementMatrix.js'
import type { CheckResult, Report } from './result.js'

/**
 * junit.xml of a run (ARCHITECTURE.md: CI systems read it): one `<testsuite>` per requirement id that has
 * results, in the requirement table's order, one `<testcase>` per check (classname = requirement, name = check
 * id and title). A failed check carries `<failure>` with the message, the evidence and the
 * reproduce line; a skipped, inconclusive or not-run one `<skipped>` with its reason (an inconclusive
 * MUST check of a --strict run is a `<failure>`: it fails the run). Warnings, known
 * failures and unexpected passes are `<system-out>` notes, which do not fail CI. Run notices (an
 * interruption, --insecure, stale expectation entries) go in a last suite named "l2conf run"; an
 * interrupted run, and one that certified nothing, is an `<error>` there, so CI does not read it as green.
 */
export function junitXml(report: Report): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  const run = runNotes(report)
  const failures = report.results.filter((result) => isFailure(result, report)).length
  const skipped = report.results.filter((result) => isSkip(result, report)).length
  const runError = runErrorOf(report)
  const errors = runError === null ? 0 : 1
  lines.push(
    `<testsuites ${attributes({
      name: `${report.tool.name} ${report.tool.version}`,
      tests: report.results.length + (run === null ? 0 : 1),
      failures,
      errors,
      skipped,
      time: seconds(report.durationMs),
      timestamp: report.startedAt,
    })}>`,
  )
  for (const row of requirementMatrix(report.results)) {
    const results = report.results.filter((result) => result.requirement === row.id)
    if (results.length === 0) continue
    lines.push(
      `  <testsuite ${attributes({
        name: row.id,
        tests: results.length,
        failures: results.filter((result) => isFailure(result, report)).length,
        errors: 0,
        skipped: results.filter((result) => isSkip(result, report)).length,
        time: seconds(results.reduce((sum, result) => sum + result.durationMs, 0)),
        timestamp: report.startedAt,
      })}>`,
    )
    lines.push('    <properties>')
    lines.push(`      <property ${attributes({ name: 'level', value: row.levelText })}/>`)
    if (row.what !== null) lines.push(`      <property ${attributes({ name: 'requirement', value: row.what })}/>`)
    lines.push(`      <property ${attributes({ name: 'seed', value: report.seed })}/>`)
    lines.push('    </properties>')
    for (const result of results) lines.push(...testcase(result, report.strict === true))
    lines.push('  </testsuite>')
  }
  if (run !== null) {
    lines.push(
      `  <testsuite ${attributes({ name: 'l2conf run', tests: 1, failures: 0, errors, skipped: 0, time: seconds(report.durationMs), timestamp: report.startedAt })}>`,
    )
    lines.push(`    <testcase ${attributes({ classname: 'l2conf', name: 'run notices', time: '0.000' })}>`)
    if (runError !== null) lines.push(`      <error ${attributes({ message: runError.message, type: runError.type })}>${escapeXml(runError.text)}</error>`)
    lines.push(`      <system-out>${escapeXml(run)}</system-out>`)
    lines.push('    </testcase>')
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return `${lines.join('\n')}\n`
}

/** The run-level error of a run CI must not read as green: interrupted, or nothing certified. */
function runErrorOf(report: Report): { message: string; type: string; text: string } | null {
  if (report.interrupted !== undefined) {
    return {
      message: `run interrupted: ${report.interrupted}`,
      type: 'interrupted',
      text: `The run did not finish (${report.interrupted}); the results are what ran.`,
    }
  }
  if (report.verdict === 'nothing-certified') {
    return {
      message: 'nothing was certified: no check reached a verdict',
      type: 'nothing-certified',
      text: 'Every selected check was skipped, inconclusive or not run: nothing was certified.',
    }
  }
  return null
}

/** An inconclusive MUST check fails a --strict run; otherwise it is a skip with its reason. */
function strictInconclusive(result: CheckResult, strict: boolean): boolean {
  return strict && result.level === 'MUST' && result.status === 'inconclusive'
}

function isFailure(result: CheckResult, report: Report): boolean {
  return result.status === 'failed' || strictInconclusive(result, report.strict === true)
}

function isSkip(result: CheckResult, report: Report): boolean {
  return (result.status === 'skipped' || result.status === 'inconclusive' || result.status === 'not-run') && !isFailure(result, report)
}

function testcase(result: CheckResult, strict: boolean): string[] {
  const open = `    <testcase ${attributes({
    classname: result.requirement,
    name: result.title === '' ? result.id : `${result.id}: ${result.title}`,
    time: seconds(result.durationMs),
  })}`
  // A failure resting on the same answer as an earlier check's names it first (findings grouped by root cause).
  const cause = result.sameCauseAs === undefined ? '' : `the same answer as ${result.sameCauseAs}: `
  switch (result.status) {
    case 'failed':
      return [
        `${open}>`,
        `      <failure ${attributes({ message: firstLine(cause + result.message), type: result.level })}>${escapeXml(cause + evidenceText(result))}</failure>`,
        '    </testcase>',
      ]
    case 'inconclusive':
    case 'skipped': {
      const reason = result.status === 'inconclusive' && !/^inconclusive\b/i.test(result.message) ? `inconclusive: ${result.message}` : result.message
      if (strictInconclusive(result, strict)) {
        return [
          `${open}>`,
          `      <failure ${attributes({ message: firstLine(reason), type: 'inconclusive' })}>${escapeXml(`${reason}\nA MUST check that stays inconclusive fails a --strict run.`)}</failure>`,
          '    </testcase>',
        ]
      }
      return [`${open}>`, `      <skipped ${attributes({ message: firstLine(reason) })}/>`, '    </testcase>']
    }
    case 'not-run':
      return [`${open}>`, `      <skipped ${attributes({ message: firstLine(`not run: ${result.message}`) })}/>`, '    </testcase>']
    case 'warning':
      return note(open, `WARNING (${result.level}; fails the run only with --strict)\n${cause}${evidenceText(result)}`)
    case 'known-failure':
      return note(open, `KNOWN FAILURE (listed in the expectations file; does not fail the run)\n${evidenceText(result)}`)
    case 'passed':
      return result.expectation?.outcome === 'unexpected-pass' ? note(open, `UNEXPECTED PASS: ${result.message}`) : [`${open}/>`]
  }
}

function note(open: string, text: string): string[] {
  return [`${open}>`, `      <system-out>${escapeXml(text)}</system-out>`, '    </testcase>']
}

function runNotes(report: Report): string | null {
  const notes: string[] = []
  if (report.interrupted !== undefined) notes.push(`interrupted: ${report.interrupted}`)
  if (report.verdict === 'nothing-certified') notes.push('nothing was certified: no check reached a verdict')
  for (const warning of report.warnings ?? []) notes.push(`warning: ${warning}`)
  const expectations = report.expectations
  if (expectations !== undefined) {
    for (const id of expectations.unexpectedPasses)
      notes.push(`unexpected pass: ${id} passed but ${expectations.file} lists it as failing; remove the stale entry`)
    for (const match of expectations.unmatched) notes.push(`expectation "${match}" in ${expectations.file} matched no check`)
    for (const match of expectations.expired ?? []) notes.push(`expectation "${match}" in ${expectations.file} has expired`)
  }
  return notes.length === 0 ? null : notes.join('\n')
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${escapeXml(String(value), { attribute: true })}"`)
    .join(' ')
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3)
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? ''
  return line.length > 500 ? `${line.slice(0, 500)}…` : line
}
