import type { Finding } from './finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson, boundedText } from './boundedJson.js'

/** One thing wrong with a JSON-RPC envelope, before it is tied to its exchange. */
export type EnvelopeProblem = Omit<Finding, 'exchange'> & { pointer: string }

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * RPC-ENVELOPE for one response object (JSON-RPC 2.0 section 5): `jsonrpc` "2.0", the request's `id`
 * (same JSON type and value), exactly one of `result`/`error`; an error has an integer `code` and a
 * string `message`. `at` prefixes pointers (for items of a batch).
 */
export function envelopeProblems(response: unknown, expectedId: unknown, at = ''): EnvelopeProblem[] {
  const problems: EnvelopeProblem[] = []
  if (!isObject(response)) return [{ kind: 'envelope', message: `the response is not a JSON object but ${boundedJson(response, 80)}`, pointer: at || '/' }]
  if (response.jsonrpc !== '2.0')
    problems.push({ kind: 'envelope', message: `jsonrpc is ${boundedJson(response.jsonrpc, 40)}, not "2.0"`, pointer: `${at}/jsonrpc` })
  if (!Object.hasOwn(response, 'id'))
    problems.push({ kind: 'envelope-id-mismatch', message: 'the response has no id', pointer: `${at}/id`, expected: expectedId, got: undefined })
  else if (response.id !== expectedId)
    problems.push({
      kind: 'envelope-id-mismatch',
      message: `id is ${boundedJson(response.id, 60)}, the request's was ${boundedJson(expectedId, 60)}`,
      pointer: `${at}/id`,
      expected: expectedId,
      got: response.id,
    })
  const hasResult = Object.hasOwn(response, 'result')
  const hasError = Object.hasOwn(response, 'error')
  if (hasResult === hasError) {
    problems.push({
      kind: 'envelope',
      message: hasResult ? 'the response has both result and error' : 'the response has neither result nor error',
      pointer: at || '/',
    })
  }
  if (hasError) {
    const error = response.error
    if (!isObject(error)) problems.push({ kind: 'envelope', message: `error is ${boundedJson(error, 80)}, not an object`, pointer: `${at}/error` })
    else {
      if (typeof error.code !== 'number' || !Number.isInteger(error.code))
        problems.push({ kind: 'envelope', message: `error.code is ${boundedJson(error.code, 40)}, not an integer`, pointer: `${at}/error/code` })
      if (typeof error.message !== 'string')
        problems.push({ kind: 'envelope', message: `error.message is ${boundedJson(error.message, 60)}, not a string`, pointer: `${at}/error/message` })
    }
  }
  return problems
}

/** No answer at all (timeout, garbage, closed): a finding that says what the harness saw. */
export function transportFindings(exchange: Exchange): Finding[] {
  if (exchange.failure !== undefined)
    return [{ kind: 'no-answer', message: `no usable answer: ${exchange.failure.message} (${exchange.failure.code})`, exchange }]
  if (exchange.response === undefined) {
    return [
      { kind: 'no-answer', message: `the body is not JSON (HTTP ${exchange.httpStatus ?? '?'}): ${boundedText(exchange.rawResponse ?? '', 120)}`, exchange },
    ]
  }
  return []
}

/** RPC-ENVELOPE: the exchange's single response is a well-formed JSON-RPC 2.0 response to `expectedId`. */
export function checkEnvelope(exchange: Exchange, expectedId: unknown): Finding[] {
  const broken = transportFindings(exchange)
  if (broken.length > 0) return broken
  return envelopeProblems(exchange.response, expectedId).map((p) => ({ ...p, exchange }))
}

/**
 * RPC-ENVELOPE / RPC-HTTP for a batch: an array with exactly one well-formed response per request that
 * has an id (notifications get none), matched by id in any order (JSON-RPC 2.0 section 6).
 */
export function checkBatchEnvelope(exchange: Exchange, requests: ReadonlyArray<{ id?: unknown }>): Finding[] {
  const broken = transportFindings(exchange)
  if (broken.length > 0) return broken
  const response = exchange.response
  if (!Array.isArray(response)) return [{ kind: 'batch-mismatch', message: `a batch was answered with ${boundedJson(response, 80)}, not an array`, exchange }]
  const { findings, unanswered } = judgeBatchItems(exchange, response, requests, 'batch-mismatch')
  if (unanswered.length > 0)
    findings.push({ kind: 'batch-mismatch', message: `the batch has no answer for id ${unanswered.map((m) => boundedJson(m, 60)).join(', ')}`, exchange })
  return findings
}

/**
 * The items of a batch answer judged against the requests: an id no request had, an id answered
 * twice (both as `kind`), and each item's envelope problems; `unanswered` is the requests' ids no
 * item answered, left to the caller (a missing answer is a finding for one requirement and
 * inconclusive for another).
 */
export function judgeBatchItems(
  exchange: Exchange,
  response: readonly unknown[],
  requests: ReadonlyArray<{ id?: unknown }>,
  kind: Finding['kind'],
): { findings: Finding[]; unanswered: unknown[] } {
  const findings: Finding[] = []
  const expected = requests.filter((r) => 'id' in r).map((r) => r.id)
  const seen = new Set<unknown>()
  response.forEach((item, index) => {
    const id = isObject(item) ? item.id : undefined
    if (!expected.includes(id))
      findings.push({ kind, message: `batch item ${index} answers id ${boundedJson(id, 60)}, which no request had`, pointer: `/${index}/id`, exchange })
    else if (seen.has(id)) findings.push({ kind, message: `id ${boundedJson(id, 60)} is answered twice in one batch`, pointer: `/${index}/id`, exchange })
    seen.add(id)
    for (const p of envelopeProblems(item, id, `/${index}`)) findings.push({ ...p, exchange })
  })
  return { findings, unanswered: expected.filter((id) => !seen.has(id)) }
}

/** The batch item answering `id`, if any (order-independent). */
export function batchItem(exchange: Exchange, id: unknown): unknown {
  return Array.isArray(exchange.response) ? exchange.response.find((item) => isObject(item) && item.id === id) : undefined
}
