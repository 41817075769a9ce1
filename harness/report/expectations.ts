/**
 * Known deviations (`l2conf run --expect-failures FILE`, ARCHITECTURE.md CLI contract): a failure an
 * operator has accepted is reported as a known failure and does not fail the run; an entry that no
 * longer matches a failure is reported so the file does not rot.
 *
 * The file is YAML (so JSON works too):
 *
 * ```yaml
 * expectations:
 *   - match: RANGE-ORDER          # a requirement id or a check id; `*` any run of characters, `?` one
 *     reason: tag ranges come back unordered (l2geth resolves tags after ordering)
 *     issue: https://tracker.example/ops/123   # optional: where the fix is tracked
 *     expires: 2027-06-30                       # optional: the last day the entry applies (UTC)
 *   - match: rest.shape.*
 *     reason: statistics carry an extra cacheTime field
 * ```
 *
 * An entry matches a result when its pattern matches the whole check id (`range.order.tags`) or the
 * whole requirement id (`RANGE-ORDER`); letter case counts. The first entry in file order that
 * matches a result decides for it.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { HarnessError } from '../errors/harnessError.js'
import type { CheckResult } from './result.js'

/** One entry of an --expect-failures file. */
export interface Expectation {
  /** A check id or requirement id, with `*` and `?` globs. */
  match: string
  /** Why the deviation is accepted; kept in the known failure's message. */
  reason: string
  /** Where the fix is tracked (a URL or an issue reference). */
  issue?: string
  /** YYYY-MM-DD: the last day (UTC) the entry applies; after it the failure counts again. */
  expires?: string
}

const KEYS = new Set(['match', 'reason', 'issue', 'expires'])

// The YAML parser is loaded only for a run given --expect-failures: every run imports this module.
const require = createRequire(import.meta.url)

/**
 * Reads an --expect-failures file. Throws HarnessError L2CONF_ERR_USAGE (exit 2) naming the file,
 * the entry and the problem when the file cannot be read, is not YAML/JSON, or an entry is malformed.
 */
export function loadExpectations(file: string): Expectation[] {
  const fail = (problem: string, cause?: unknown): never => {
    throw new HarnessError('L2CONF_ERR_USAGE', `--expect-failures ${file}: ${problem}`, { file }, cause === undefined ? undefined : { cause })
  }
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, error)
  }
  let document: unknown
  try {
    const { parse } = require('yaml') as typeof import('yaml')
    document = parse(text)
  } catch (error) {
    fail(`not valid YAML or JSON: ${(error as Error).message.split('\n')[0] ?? ''}`, error)
  }
  if (!isRecord(document) || !Array.isArray(document['expectations'])) {
    fail('expected a mapping with an "expectations" list, e.g.\nexpectations:\n  - match: RANGE-ORDER\n    reason: why this deviation is accepted')
  }
  const top = document as Record<string, unknown>
  for (const key of Object.keys(top)) if (key !== 'expectations') fail(`unknown top-level key "${key}" (only "expectations")`)
  const seen = new Set<string>()
  return (top['expectations'] as unknown[]).map((entry, index) => {
    const where = `entry ${index + 1}`
    if (!isRecord(entry)) return fail(`${where}: expected a mapping with "match" and "reason"`)
    for (const key of Object.keys(entry)) {
      if (!KEYS.has(key)) fail(`${where}: unknown key "${key}" (allowed: ${[...KEYS].join(', ')})`)
    }
    const match = entry['match']
    if (typeof match !== 'string' || match.trim() === '') return fail(`${where}: "match" must be a check id or requirement id (globs * and ? allowed)`)
    if (/\s/.test(match)) fail(`${where}: "match" ${JSON.stringify(match)} contains whitespace; ids never do`)
    if (seen.has(match)) fail(`${where}: "match" ${JSON.stringify(match)} is listed twice`)
    seen.add(match)
    const named = `${where} (match ${JSON.stringify(match)})`
    const reason = entry['reason']
    if (typeof reason !== 'string' || reason.trim() === '') return fail(`${named}: "reason" is missing: say why the deviation is accepted`)
    const expectation: Expectation = { match, reason: reason.trim() }
    const issue = entry['issue']
    if (issue !== undefined && issue !== null) {
      if (typeof issue !== 'string' && typeof issue !== 'number') fail(`${named}: "issue" must be a link or an issue reference`)
      expectation.issue = String(issue)
    }
    const expires = entry['expires']
    if (expires !== undefined && expires !== null)
      expectation.expires = isoDate(expires) ?? fail(`${named}: "expires" must be a date YYYY-MM-DD, got ${JSON.stringify(expires)}`)
    return expectation
  })
}

/**
 * Applies known deviations to a run's results (--expect-failures).
 * - A failed (or warning) result matched by a live entry becomes 'known-failure'; its message
 *   keeps the entry's reason and issue.
 * - A passed result matched by an entry that matched no failure at all is an unexpected pass:
 *   the status stays 'passed', the message says to remove the stale entry. (A requirement-wide
 *   entry such as `RANGE-*` that still covers one failure is not stale, so its passing siblings
 *   are not flagged.)
 * - An entry that matched no result is listed in `unmatched`; an entry past its `expires` date
 *   no longer applies (the failure counts again) and is listed in `expired`.
 *
 * @param now the day expiry is judged against (tests pass a fixed date)
 */
export function applyExpectations(
  results: CheckResult[],
  expectations: Expectation[],
  now: Date = new Date(),
): { results: CheckResult[]; unexpectedPasses: string[]; unmatched: string[]; expired: string[] } {
  const today = now.toISOString().slice(0, 10)
  const patterns = expectations.map((expectation) => globRegExp(expectation.match))
  const live = expectations.map((expectation) => expectation.expires === undefined || expectation.expires >= today)
  const matchedAny = expectations.map(() => false)
  const coversFailure = expectations.map(() => false)
  const isFailing = (result: CheckResult): boolean => result.status === 'failed' || result.status === 'warning'

  const chosen = results.map((result) => {
    let first: number | undefined
    let firstLive: number | undefined
    for (const [index, pattern] of patterns.entries()) {
      if (!pattern.test(result.id) && !pattern.test(result.requirement)) continue
      matchedAny[index] = true
      first ??= index
      if (live[index] === true) firstLive ??= index
    }
    const index = firstLive ?? first
    if (index !== undefined && isFailing(result) && live[index] === true) coversFailure[index] = true
    return index
  })

  const unexpectedPasses: string[] = []
  const expired = new Set<string>()
  const out = results.map((result, position) => {
    const index = chosen[position]
    const expectation = index === undefined ? undefined : expectations[index]
    if (index === undefined || expectation === undefined) return result
    const note = { match: expectation.match, reason: expectation.reason, ...optional(expectation) }
    const because = `${expectation.reason}${expectation.issue === undefined ? '' : `; ${expectation.issue}`}`
    if (isFailing(result)) {
      if (live[index] !== true) {
        expired.add(expectation.match)
        return {
          ...result,
          message: `${result.message} [the expected-failure entry "${expectation.match}" expired on ${expectation.expires ?? '?'}, so this failure counts again]`,
          expectation: { ...note, outcome: 'expired' as const },
        }
      }
      return {
        ...result,
        status: 'known-failure' as const,
        message: `known failure (${because}): ${result.message}`,
        expectation: { ...note, outcome: 'known-failure' as const },
      }
    }
    if (result.status === 'passed' && coversFailure[index] !== true) {
      unexpectedPasses.push(result.id)
      return {
        ...result,
        message: `${result.message === '' ? '' : `${result.message} `}[unexpected pass: listed as a known failure (${because}); remove the entry "${expectation.match}" from the expectations file]`,
        expectation: { ...note, outcome: 'unexpected-pass' as const },
      }
    }
    return result
  })
  for (const [index, expectation] of expectations.entries()) {
    if (live[index] !== true && matchedAny[index] === true) expired.add(expectation.match)
  }
  const unmatched = expectations.filter((_, index) => matchedAny[index] !== true).map((expectation) => expectation.match)
  return { results: out, unexpectedPasses, unmatched, expired: [...expired] }
}

/** A whole-string matcher for an id glob: `*` any run of characters (dots included), `?` one character. */
function globRegExp(glob: string): RegExp {
  const body = [...glob].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&'))).join('')
  return new RegExp(`^${body}$`)
}

function optional(expectation: Expectation): { issue?: string; expires?: string } {
  return {
    ...(expectation.issue === undefined ? {} : { issue: expectation.issue }),
    ...(expectation.expires === undefined ? {} : { expires: expectation.expires }),
  }
}

function isoDate(value: unknown): string | undefined {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === 'string' ? value.trim() : undefined
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
