import { basename } from 'node:path'
import { coverageSummaryLine } from '../coverage/coverageText.js'
import { verdictOf } from './exitCode.js'
import { formatDuration } from './formatDuration.js'
import { limitEntries } from './limitEntries.js'
import { requirementMatrix } from './requirementMatrix.js'
import type { CheckResult, JudgedExchanges, Report } from './result.js'
import { visibleText } from './visibleText.js'

const MAX_PER_GROUP = 10
/** A measured limit's value (a rate limit's description can be long) is cut here on the Limits line. */
const MAX_VALUE = 120

type Paint = (text: string) => string

/**
 * The lines `l2conf run` prints when it ends: the counts, the limits LIMITS discovery measured, each failed requirement with its failed
 * checks and one-line messages, warnings, known failures, unexpected passes and stale expectation
 * entries, run notices, the verdict (the same as exitCodeFor's) and where the reports were written.
 * ANSI colour only when `color` is set (the CLI sets it for a TTY without NO_COLOR); text from the
 * target is shown with control characters spelled out, so it cannot drive the terminal.
 */
export function terminalSummary(report: Report, options: { color: boolean; reportDir: string; strict?: boolean }): string {
  const paint =
    (code: string): Paint =>
    (text) =>
      options.color ? `\u001b[${code}m${text}\u001b[0m` : text
  const red = paint('1;31')
  const yellow = paint('33')
  const magenta = paint('35')
  const cyan = paint('36')
  const green = paint('1;32')
  const dim = paint('2')
  const bold = paint('1')
  const { summary } = report
  const lines: string[] = []
  const target = (['rpc', 'ws', 'rest'] as const).flatMap((name) => (report.target[name] === null ? [] : [`${name}=${report.target[name]}`])).join(' ')
  lines.push(
    `${bold(`${report.tool.name} ${report.tool.version}`)} ${target === '' ? 'no target' : target} ${dim(`(profile ${report.profile}${options.strict === true || report.strict === true ? ', strict' : ''}, seed ${report.seed})`)}`,
  )
  const inconclusiveResults = report.results.filter((result) => result.status === 'inconclusive')
  const notRun = report.results.filter((result) => result.status === 'not-run')
  const plainSkips = report.results.filter((result) => result.status === 'skipped').length
  const counts = [
    green(`${summary.passed} passed`),
    summary.failed > 0 ? red(`${summary.failed} failed`) : `${summary.failed} failed`,
    ...(summary.warnings > 0 ? [yellow(`${summary.warnings} ${plural(summary.warnings, 'warning')}`)] : []),
    ...(summary.knownFailures > 0 ? [magenta(`${summary.knownFailures} known ${plural(summary.knownFailures, 'failure')}`)] : []),
    ...(inconclusiveResults.length > 0 ? [yellow(`${inconclusiveResults.length} inconclusive`)] : []),
    ...(notRun.length > 0 ? [yellow(`${notRun.length} not run`)] : []),
    ...(plainSkips > 0 ? [`${plainSkips} skipped`] : []),
  ]
  if (report.judged === undefined) {
    lines.push(`${counts.join(', ')} in ${formatDuration(report.durationMs)}`)
  } else {
    // Fixtures: a passed file means "conforms to its method's schema" or only "a sound envelope"; the counts say which.
    const { files } = report.judged
    lines.push(...judgedLines(report.judged, basename(report.specs.openrpc.path), red))
    lines.push(
      `${files.total} fixture ${plural(files.total, 'file')}${files.envelopeOnly > 0 ? ` (${files.envelopeOnly} judged on the envelope only)` : ''}: ${counts.join(', ')} in ${formatDuration(report.durationMs)}`,
    )
  }
  if (report.interrupted !== undefined) lines.push(red(`Interrupted: ${oneLine(report.interrupted)}; the results are what ran.`))
  if (report.limits !== undefined && Object.keys(report.limits).length > 0) lines.push(limitsLine(report.limits))

  const failedRows = requirementMatrix(report.results).filter((row) => row.status === 'failed')
  if (failedRows.length > 0) {
    lines.push('', bold('Failed requirements:'))
    for (const row of failedRows) {
      const failed = report.results.filter((result) => result.requirement === row.id && result.status === 'failed')
      // The levels of what failed, not every level the row lists: a requirement with MUST and SHOULD checks failed at MUST says MUST.
      const levels = (['MUST', 'SHOULD', 'INFO'] as const).filter((level) => failed.some((result) => result.level === level)).join('/')
      lines.push(`  ${red(row.id)} (${levels}): ${row.counts.failed} of ${row.counts.total} ${plural(row.counts.total, 'check')} failed`)
      lines.push(...capped(unlisted(failed), (result) => causeLines(result, `    ${red('FAIL')} ${result.id}`, report.results), '    '))
    }
  }
  const warnings = report.results.filter((result) => result.status === 'warning')
  if (warnings.length > 0) {
    lines.push(
      '',
      bold(`Warnings (${warnings.some((result) => result.level === 'SHOULD') ? 'SHOULD: they fail the run only with --strict' : 'informational'}):`),
    )
    lines.push(...capped(unlisted(warnings), (result) => causeLines(result, `  ${yellow('WARN')} ${result.requirement} ${result.id}`, report.results), '  '))
  }
  if (inconclusiveResults.length > 0) {
    const strict = options.strict === true || report.strict === true
    const must = inconclusiveResults.some((result) => result.level === 'MUST')
    lines.push(
      '',
      bold(
        `Inconclusive (the check could not decide${must ? `; a MUST one ${strict ? 'fails this --strict run' : 'fails the run only with --strict'}` : ''}):`,
      ),
    )
    lines.push(
      ...capped(
        inconclusiveResults,
        (result) =>
          `  ${yellow('INCONCLUSIVE')} ${result.requirement} ${result.id} (${result.level}): ${oneLine(result.message.replace(/^inconclusive:\s*/i, ''))}`,
        '  ',
      ),
    )
  }
  if (notRun.length > 0) {
    lines.push('', bold('Not run (selected, but never reached a verdict):'))
    lines.push(...capped(notRun, (result) => `  ${yellow('NOT RUN')} ${result.requirement} ${result.id}: ${oneLine(result.message)}`, '  '))
  }
  const known = report.results.filter((result) => result.status === 'known-failure')
  if (known.length > 0) {
    lines.push('', bold(`Known failures${report.expectations === undefined ? '' : ` (listed in ${report.expectations.file})`}:`))
    lines.push(...capped(known, (result) => `  ${magenta('KNOWN')} ${result.requirement} ${result.id}: ${oneLine(knownReason(result))}`, '  '))
  }
  const expectations = report.expectations
  if (expectations !== undefined && expectations.unexpectedPasses.length > 0) {
    lines.push('', bold(`Unexpected passes (remove their entries from ${expectations.file}):`))
    for (const id of expectations.unexpectedPasses) {
      const match = report.results.find((result) => result.id === id)?.expectation?.match
      lines.push(`  ${cyan('PASS')} ${id}${match === undefined ? '' : ` (entry "${match}")`}`)
    }
  }
  if (expectations !== undefined && expectations.unmatched.length > 0) {
    lines.push('', bold(`Entries of ${expectations.file} that matched no check:`), ...expectations.unmatched.map((match) => `  ${match}`))
  }
  if (expectations?.expired !== undefined && expectations.expired.length > 0) {
    lines.push('', bold(`Expired entries of ${expectations.file} (their failures count again):`), ...expectations.expired.map((match) => `  ${match}`))
  }
  if (report.warnings !== undefined && report.warnings.length > 0) {
    lines.push('', bold('Run notices:'), ...report.warnings.map((warning) => `  ${yellow('!')} ${oneLine(warning)}`))
  }

  lines.push('', verdict(report, options.strict === true, { red, green }))
  const dir = options.reportDir.endsWith('/') ? options.reportDir : `${options.reportDir}/`
  if (report.coverage !== undefined) lines.push(`Coverage: ${coverageSummaryLine(report.coverage.totals)} (l2conf coverage ${options.reportDir})`)
  lines.push(`Reports: ${dim(dir)}report.html, junit.xml, report.json`)
  return lines.join('\n')
}

function verdict(report: Report, strict: boolean, paint: { red: Paint; green: Paint }): string {
  const outcome = verdictOf(report, { strict })
  if (outcome === 'interrupted') return paint.red('Result: INTERRUPTED (not every check ran)')
  if (outcome === 'nothing-certified') return paint.red('Result: NOTHING CERTIFIED (no check reached a verdict: nothing was certified)')
  if (outcome === 'pass') return paint.green(`Result: PASS (every MUST${strict ? ' and SHOULD' : ''} check passed)`)
  const failing = report.summary.failed + (strict ? report.results.filter((result) => result.status === 'warning' && result.level === 'SHOULD').length : 0)
  const inconclusive = strict ? report.results.filter((result) => result.level === 'MUST' && result.status === 'inconclusive').length : 0
  const notRun = report.results.filter((result) => result.level === 'MUST' && result.status === 'not-run').length
  const parts = [
    ...(failing > 0 ? [`${failing} ${plural(failing, 'check')} failed`] : []),
    ...(inconclusive > 0 ? [`${inconclusive} MUST ${plural(inconclusive, 'check')} inconclusive`] : []),
    ...(notRun > 0 ? [`${notRun} MUST ${plural(notRun, 'check')} not run`] : []),
  ]
  return paint.red(`Result: FAIL (${parts.join(', ')})`)
}

/** At most this many of the methods a spec lacks are named on the terminal (report.json lists all). */
const MAX_METHODS = 6

/**
 * What the exchanges of fixtures were judged against: `236 exchanges judged: 83 against their
 * method's schema in openrpc.json (83 passed), 153 on the envelope only (153 passed; their methods
 * are not in openrpc.json)`, then how many answers were errors (judged for their shape only) and
 * which methods the spec lacks.
 */
function judgedLines(judged: JudgedExchanges, specName: string, red: Paint): string[] {
  const { total, againstSpec, envelopeOnly } = judged.exchanges
  const outcome = (kind: { passed: number; failed: number }): string => `${kind.passed} passed${kind.failed > 0 ? `, ${red(`${kind.failed} failed`)}` : ''}`
  const parts: string[] = []
  if (againstSpec.total > 0) parts.push(`${againstSpec.total} against their method's schema in ${specName} (${outcome(againstSpec)})`)
  if (envelopeOnly.total > 0) parts.push(`${envelopeOnly.total} on the envelope only (${outcome(envelopeOnly)}; their methods are not in ${specName})`)
  const lines = [`${total} ${plural(total, 'exchange')} judged${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`]
  if (againstSpec.errorAnswers > 0) {
    lines.push(`  ${againstSpec.errorAnswers} of the ${againstSpec.total} answered with an error, judged for the error's shape only`)
  }
  if (envelopeOnly.methods.length > 0) {
    const shown = envelopeOnly.methods.slice(0, MAX_METHODS).join(', ')
    const more = envelopeOnly.methods.length - MAX_METHODS
    lines.push(
      `  not in ${specName} (${envelopeOnly.methods.length} ${plural(envelopeOnly.methods.length, 'method')}): ${shown}${more > 0 ? ` and ${more} more (report.json lists them)` : ''}`,
    )
  }
  return lines
}

/** `Limits: maxBlockRange=1000 maxBatchItems=1000 ... maxResponseBytes≥10485749 rateLimit=none`: what LIMITS discovery measured, on one line (a bound known from one side only with its ≥ or ≤). */
function limitsLine(limits: NonNullable<Report['limits']>): string {
  const shown = limitEntries(limits).map(({ name, relation, value }) => {
    const text = visibleText(value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value)
    return `${name}${relation}${/\s/.test(text) ? `'${text}'` : text}`
  })
  return `Limits: ${shown.join(' ')}`
}

/** Checks named on the line under a root cause; report.html and report.json name them all. */
const MAX_POINTING = 8

/**
 * A failing check's line (`head`, then its message), said once per root cause (findings grouped by
 * root cause): a check pointing to another (`sameCauseAs`) names it instead of repeating the cause,
 * and the owner's line is followed by the checks that fail on the same answer.
 */
function causeLines(result: CheckResult, head: string, results: readonly CheckResult[]): string {
  if (result.sameCauseAs !== undefined) return `${head}: the same answer as ${result.sameCauseAs} (its cause is printed there)`
  const pointing = results.filter((other) => other.sameCauseAs === result.id)
  if (pointing.length === 0) return `${head}: ${oneLine(result.message)}`
  const indent = ' '.repeat(head.length - head.trimStart().length + 2)
  const named = pointing.slice(0, MAX_POINTING).map((other) => (other.requirement === result.requirement ? other.id : `${other.id} (${other.requirement})`))
  const more = pointing.length > MAX_POINTING ? ` and ${pointing.length - MAX_POINTING} more` : ''
  return `${head}: ${oneLine(result.message)}\n${indent}the same answer fails ${pointing.length} more ${plural(pointing.length, 'check')}: ${named.join(', ')}${more}`
}

/** The results of one list but those named under their owner's line in the same list (causeLines). */
function unlisted(results: readonly CheckResult[]): CheckResult[] {
  const ids = new Set(results.map((result) => result.id))
  return results.filter((result) => result.sameCauseAs === undefined || !ids.has(result.sameCauseAs))
}

/** Up to MAX_PER_GROUP lines, then how many more there are. */
function capped(results: readonly CheckResult[], line: (result: CheckResult) => string, indent: string): string[] {
  const shown = results.slice(0, MAX_PER_GROUP).map(line)
  return results.length > MAX_PER_GROUP ? [...shown, `${indent}… and ${results.length - MAX_PER_GROUP} more in report.html`] : shown
}

function knownReason(result: CheckResult): string {
  const expectation = result.expectation
  if (expectation === undefined) return result.message
  return `${expectation.reason}${expectation.issue === undefined ? '' : ` (${expectation.issue})`}`
}

/** Characters of a reason the terminal shows; report.html and report.json keep it whole. */
const MAX_REASON = 600
/** A reason longer than this goes on over indented lines, broken between words. */
const WRAP = 110

/**
 * A reason as the terminal shows it: its first line, control characters spelled out, whole up to
 * MAX_REASON characters and wrapped between words over indented lines (never cut mid-phrase as a
 * single-line cut did); past that it stops at a word with a pointer to report.html, and a reason of
 * several lines says how many more report.html holds.
 */
function oneLine(text: string): string {
  const lines = text.split(/\r?\n/)
  let first = visibleText(lines[0] ?? '')
    .replaceAll('\t', ' ')
    .replaceAll('\r', ' ')
  if (first.length > MAX_REASON) {
    const space = first.lastIndexOf(' ', MAX_REASON)
    first = `${first.slice(0, space > MAX_REASON / 2 ? space : MAX_REASON)} … (report.html has the whole reason)`
  }
  const more = lines.length - 1
  const words = first.split(' ')
  // The pointer to the rest is one unit: never broken over two lines.
  if (more > 0) words.push(`(and ${more} more ${plural(more, 'line')} in report.html)`)
  return wrapped(words)
}

/** Words joined into lines of at most WRAP characters (a longer word stays whole), the lines joined with an indent. */
function wrapped(words: readonly string[]): string {
  const out: string[] = []
  let line = ''
  for (const word of words) {
    if (line !== '' && line.length + 1 + word.length > WRAP) {
      out.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') out.push(line)
  return out.join('\n        ')
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`
}
