import { boundedJson } from '../checks/boundedJson.js'
import { batchItem, checkBatchEnvelope, checkEnvelope } from '../checks/envelopeFindings.js'
import type { Finding } from '../checks/finding.js'
import { firstDifference } from '../checks/firstDifference.js'
import { checkResult } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'

/** RPC-WS: the WebSocket serves every method HTTP does, with the same answers. */
export const row = requirement({
  id: 'RPC-WS',
  level: 'MUST',
  text: 'every method reachable over HTTP is reachable over WebSocket with the same result',
  section: '4.1',
})

/** What an answer amounts to when two transports are compared: the result, or the error's code (never its words). */
function comparable(exchange: Exchange): unknown {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'result') return outcome.value
  return outcome.kind === 'error' ? { error: outcome.code } : undefined
}

/** How many times the HTTP, WebSocket, HTTP triple is asked while the state moves under it (a live chain). */
export const STATE_MOVED_ATTEMPTS = 3

/**
 * The same call over HTTP, WebSocket, and HTTP again: the WebSocket answer has a well-formed envelope
 * and equals the HTTP one. When the two HTTP answers differ the state moved under the check: an
 * inconclusive finding, not a failure. A WebSocket call that got no answer is judged by its envelope only.
 */
export function checkSameOverWebSocket(method: string, call: string, exchanges: { before: Exchange; viaWs: Exchange; after: Exchange }): Finding[] {
  const { before, viaWs, after } = exchanges
  const findings = checkEnvelope(viaWs, (viaWs.request as { id?: unknown } | null)?.id)
  if (outcomeOf(viaWs).kind === 'broken') return findings
  const httpValue = comparable(before)
  if (firstDifference(httpValue, comparable(after)) !== null) {
    return [...findings, { kind: 'inconclusive', message: `${method} answered differently on two HTTP calls (the state moved)` }]
  }
  const wsValue = comparable(viaWs)
  const difference = firstDifference(httpValue, wsValue)
  if (difference !== null) {
    findings.push({
      kind: 'inconsistent',
      message: `${method} (${call}) over WebSocket differs from HTTP at ${difference.pointer}: ${boundedJson(difference.right, 80)} vs ${boundedJson(difference.left, 80)}`,
      exchange: viaWs,
      pointer: `/result${difference.pointer === '/' ? '' : difference.pointer}`,
    })
  }
  return findings
}

/** One call of a batch of examples: its request, and the result schema its answer is judged by. */
export interface BatchCall {
  request: { jsonrpc: '2.0'; method: string; params: unknown; id: number }
  validate: Validate
}

/** A batch of example calls (over either transport): one response per call, matched by id, each result valid against its schema. */
export function checkExampleBatch(exchange: Exchange, calls: readonly BatchCall[]): Finding[] {
  const findings = checkBatchEnvelope(
    exchange,
    calls.map((call) => call.request),
  )
  if (findings.length > 0) return findings
  for (const call of calls) {
    const item = { ...exchange, response: batchItem(exchange, call.request.id) }
    if (outcomeOf(item).kind === 'result') findings.push(...checkResult(item, call.validate, `${call.request.method} inside a batch`).findings)
  }
  return findings
}
