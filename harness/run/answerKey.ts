import { createHash } from 'node:crypto'
import type { Finding } from '../checks/finding.js'
import type { CheckResult } from '../report/result.js'
import type { Exchange } from '../transport/exchange.js'

/** Answers whose JSON text passes this many characters are told apart by identity only: their content is never written whole to compare it. */
const CONTENT_KEY_CHARS = 32 * 1024

/** The serial of each exchange object cited so far: one object is one answer, however many checks cite it. */
const serials = new WeakMap<Exchange, number>()
let nextSerial = 0

function identityKey(exchange: Exchange): string {
  let serial = serials.get(exchange)
  if (serial === undefined) serials.set(exchange, (serial = nextSerial++))
  return `exchange #${serial}`
}

/** A JSON-RPC request or answer without its id (the transport numbers its calls): a batch item by item. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, 'id')) return value
  const { id: _id, ...rest } = value as Record<string, unknown>
  return rest
}

/** Whether a response is a stand-in for a body too large to keep (boundValue's TruncatedValue). */
function truncated(response: unknown): boolean {
  return response !== null && typeof response === 'object' && (response as { truncated?: unknown }).truncated === true && 'originalBytes' in response
}

/**
 * What makes two exchanges the same answer (findings grouped by root cause): the same request (the
 * address, how it was sent, method and params, ids left out) answered with the same bytes (status,
 * body, ids left out), or the very same exchange object (a sample several checks share). A request
 * that got no answer, or an answer too large to compare, is the same only as itself. Two requests for
 * different blocks, or one request answered differently twice, are different answers.
 */
export function answerKey(exchange: Exchange): string {
  // Many findings of a check cite one exchange (a shared sample, a range's blocks): its key is made once.
  let key = keys.get(exchange)
  if (key === undefined) keys.set(exchange, (key = keyOf(exchange)))
  return key
}

/** The keys made so far, per exchange object. */
const keys = new WeakMap<Exchange, string>()

/**
 * Whether the JSON text of `values` would pass `limit` characters, found without writing it: an
 * iterative walk that adds up strings, keys and scalars and stops as soon as the sum passes the limit,
 * so a 25 MB answer costs a few steps, not a 25 MB string.
 */
function jsonPasses(values: readonly unknown[], limit: number): boolean {
  let chars = 0
  const pending = [...values]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') chars += next.length + 2
    else if (next === null || typeof next !== 'object') chars += String(next).length
    else if (Array.isArray(next)) {
      chars += next.length + 1
      if (chars > limit) return true
      for (const item of next) pending.push(item)
    } else {
      for (const key in next) {
        if (!Object.prototype.hasOwnProperty.call(next, key)) continue
        chars += key.length + 4
        if (chars > limit) return true
        pending.push((next as Record<string, unknown>)[key])
      }
    }
    if (chars > limit) return true
  }
  return false
}

function keyOf(exchange: Exchange): string {
  if (exchange.failure !== undefined || truncated(exchange.response)) return identityKey(exchange)
  if (jsonPasses([exchange.request, exchange.response, exchange.rawResponse], CONTENT_KEY_CHARS)) return identityKey(exchange)
  const what = JSON.stringify([
    exchange.protocol ?? 'json-rpc',
    exchange.transport,
    exchange.url,
    exchange.httpMethod ?? null,
    exchange.requestHeaders ?? null,
    exchange.requestIsRaw === true ? String(exchange.request) : withoutIds(exchange.request),
    exchange.httpStatus ?? null,
    exchange.response === undefined ? null : withoutIds(exchange.response),
    exchange.rawResponse ?? null,
  ])
  if (what.length > CONTENT_KEY_CHARS) return identityKey(exchange)
  return createHash('sha256').update(what).digest('hex').slice(0, 32)
}

/**
 * The answers a failed check's findings rest on: `keys`, one per answer cited, and `whole`, whether
 * every finding rests on an answer. A finding with no exchange (a count over the run, a missing
 * notification) rests on none, and one comparing two answers (kind 'inconsistent') rests on neither
 * alone (the answer it cites may be the right one): such a check cannot point to another's cause.
 */
export interface RestingAnswers {
  keys: string[]
  whole: boolean
}

/** The answers `findings` rest on (RestingAnswers). */
export function restingAnswers(findings: readonly Finding[]): RestingAnswers {
  const keys = new Set<string>()
  let whole = findings.length > 0
  for (const finding of findings) {
    if (finding.exchange === undefined || finding.kind === 'inconsistent') whole = false
    else keys.add(answerKey(finding.exchange))
  }
  return { keys: [...keys], whole }
}

/** The answers each failed result's findings rest on, kept beside the result (certify notes them, the run groups by them). */
const noted = new WeakMap<CheckResult, RestingAnswers>()

/** Notes the answers a result's findings rest on (certify, for a failed check). */
export function noteAnswers(result: CheckResult, answers: RestingAnswers): void {
  noted.set(result, answers)
}

/** The answers noted for a result, if any. */
export function answersOf(result: CheckResult): RestingAnswers | undefined {
  return noted.get(result)
}
