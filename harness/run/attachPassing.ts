import { boundText } from '../report/boundEvidence.js'
import type { CheckResult, RequirementId, ResultStatus } from '../report/result.js'
import { rankFindings, type Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import type { Passing } from '../passive/passiveTap.js'
import { answerKey, answersOf, noteAnswers, restingAnswers } from './answerKey.js'
import { cite, reported, statusFor, summarise } from './certify.js'

/** Statuses of a result that judged its requirement: one of them takes the findings seen in passing. */
const JUDGING: ReadonlySet<ResultStatus> = new Set(['passed', 'failed', 'warning', 'inconclusive'])
const failing = (result: CheckResult): boolean => result.status === 'failed' || result.status === 'warning'
const MESSAGE_BYTES = 4 * 1024

/**
 * Gives each requirement the violations the passive judge saw in passing (ARCHITECTURE.md, the
 * passive judge): an answer one of the requirement's own checks already failed on is its finding
 * already, and is left out; the rest fail the requirement's first result that judged it (a passed or
 * inconclusive one becomes failed, or a warning at SHOULD), with the first such answer as evidence
 * and its curl line, and the answers it now rests on noted for the grouping by root cause. A
 * requirement none of whose checks ran (left out by the selection) cannot take them: `unattached`
 * says so in words.
 */
export function attachPassing(
  results: readonly CheckResult[],
  found: ReadonlyMap<RequirementId, Passing>,
  options: { strict: boolean; reproduce: (exchange: Exchange) => string },
): { results: CheckResult[]; unattached: string[] } {
  const out = [...results]
  const unattached: string[] = []
  for (const [requirement, passing] of found) {
    const own = out.filter((result) => result.requirement === requirement)
    const owned = new Set(own.flatMap((result) => answersOf(result)?.keys ?? []))
    const fresh = passing.findings.filter((finding) => finding.exchange === undefined || !owned.has(answerKey(finding.exchange)))
    if (fresh.length === 0) continue
    const index = out.findIndex((result) => result.requirement === requirement && JUDGING.has(result.status))
    if (index < 0) {
      unattached.push(`${passing.count} answer(s) seen in passing break ${requirement}, whose checks this run did not run: ${fresh[0]!.message}`)
      continue
    }
    const more = passing.count - passing.findings.length
    out[index] = withPassing(out[index]!, rankFindings(fresh), more, options)
  }
  return { results: out, unattached }
}

/** One result with the findings seen in passing added to its own. */
function withPassing(
  result: CheckResult,
  fresh: Finding[],
  more: number,
  options: { strict: boolean; reproduce: (exchange: Exchange) => string },
): CheckResult {
  const was = failing(result)
  const next: CheckResult = { ...result, status: was ? result.status : statusFor(result.level, true, options.strict) }
  const seen = `${summarise(fresh)}${more > 0 ? ` (and ${more} more seen in passing)` : ''}`
  next.message = boundText(was ? `${result.message}; ${seen}` : seen, MESSAGE_BYTES)
  next.findings = [...(was ? (result.findings ?? []) : []), ...reported(fresh)].slice(0, 20)
  const witness = fresh.find((finding) => finding.exchange !== undefined)?.exchange
  if (witness !== undefined && (!was || result.evidence === undefined)) cite(next, witness, options.reproduce)
  const before = was ? answersOf(result) : undefined
  const now = restingAnswers(fresh)
  noteAnswers(next, {
    keys: [...new Set([...(before?.keys ?? []), ...now.keys])],
    whole: (before === undefined ? !was : before.whole) && now.whole,
  })
  return next
}
