import type { Report, RequirementId } from '../../harness/report/result.js'

/**
 * How the suite did against one variant:
 * - caught: exactly the variant's requirement failed (and the run exited 1);
 * - missed: its requirement did not fail;
 * - over-caught: it failed, but so did other requirements (a check too broad, or a variant too wide);
 * - passed: an equivalent (or clean) variant passed everything (exit 0);
 * - false-alarm: an equivalent (or clean) variant failed something.
 */
export type VerdictKind = 'caught' | 'missed' | 'over-caught' | 'passed' | 'false-alarm'

export interface MutantVerdict {
  kind: VerdictKind
  /** Whether the verdict is the one the catalogue expects (caught for a broken variant, passed otherwise). */
  ok: boolean
  /** The requirement ids with a failed result, sorted. */
  failed: RequirementId[]
  /** A few lines a reader needs to see why: failed checks with their messages, and what the expected requirement's checks said. */
  diagnostic: string
}

const clip = (text: string, length = 300): string => (text.length > length ? `${text.slice(0, length)}…` : text)

/**
 * Judges a run of the suite against a variant that breaks `requirement` (null: one that breaks
 * nothing), and with it the requirements `alsoBreaks` names (the same deviation seen by them too).
 */
export function mutantVerdict(
  name: string,
  requirement: RequirementId | null,
  report: Report | null,
  exitCode: number | null,
  output = '',
  description = '',
  alsoBreaks: readonly RequirementId[] = [],
): MutantVerdict {
  if (report === null) {
    return {
      kind: requirement === null ? 'false-alarm' : 'missed',
      ok: false,
      failed: [],
      diagnostic: `${name}: no report.json (exit ${exitCode}); output:\n${clip(output, 2000)}`,
    }
  }
  const failedResults = report.results.filter((r) => r.status === 'failed')
  const failed = [...new Set(failedResults.map((r) => r.requirement))].sort()
  const expectedExit = requirement === null ? 0 : 1
  let kind: VerdictKind
  if (requirement === null) kind = failed.length === 0 ? 'passed' : 'false-alarm'
  else if (![requirement, ...alsoBreaks].every((id) => failed.includes(id))) kind = 'missed'
  else kind = failed.length === new Set([requirement, ...alsoBreaks]).size ? 'caught' : 'over-caught'
  const ok = (kind === 'caught' || kind === 'passed') && exitCode === expectedExit && report.interrupted === undefined && report.verdict !== 'nothing-certified'
  const expected = requirement === null ? 'equivalent: must pass' : [requirement, ...alsoBreaks].join(' and ')
  const lines = [`${name} (${expected}): ${kind}; failed requirements [${failed.join(', ')}]; exit ${exitCode}, expected ${expectedExit}`]
  if (description !== '') lines.push(`  the variant: ${description}`)
  if (report.interrupted !== undefined) lines.push(`  the run was interrupted: ${report.interrupted}`)
  for (const result of failedResults) lines.push(`  failed ${result.id} [${result.requirement}]: ${clip(result.message)}`)
  // A MUST check left inconclusive fails a --strict run; checks that never ran say why the verdict is what it is.
  const undecided = report.results.filter((r) => r.status === 'inconclusive' || r.status === 'not-run')
  for (const result of undecided.slice(0, 10)) lines.push(`  ${result.status} ${result.id} [${result.requirement}, ${result.level}]: ${clip(result.message)}`)
  if (report.verdict === 'nothing-certified') lines.push('  nothing was certified: no check reached a verdict')
  const missing = requirement === null ? undefined : [requirement, ...alsoBreaks].find((id) => !failed.includes(id))
  if (missing !== undefined && kind === 'missed') {
    const own = report.results.filter((r) => r.requirement === missing)
    const passed = own.filter((r) => r.status === 'passed')
    if (own.length === 0) lines.push(`  no check of ${missing} ran`)
    for (const result of own.filter((r) => r.status !== 'passed'))
      lines.push(`  ${result.status} ${result.id} [${result.requirement}]: ${clip(result.message || '(no message)')}`)
    if (passed.length > 0) lines.push(`  ${passed.length} check(s) of ${missing} passed: ${clip(passed.map((r) => r.id).join(', '), 400)}`)
  }
  if (!ok && exitCode !== expectedExit && output !== '') lines.push(`  output (tail):\n${clip(output.slice(-1500), 1500)}`)
  return { kind, ok, failed, diagnostic: lines.join('\n') }
}
