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

const isError = (value: unknown): value is { error: unknown } => value !== null && typeof value === 'object' && 'error' in value

/** What an answer says, for comparing transports: its result, or its error code (messages are prose, and may differ); null when broken. */
function said(exchange: Exchange): { value: unknown } | null {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return null
  return { value: outcome.kind === 'result' ? { result: outcome.value } : { error: outcome.code } }
}

/** How many times the HTTP, WebSocket, WebSocket, HTTP calls are asked while the state moves under them (a live chain). */
export const STATE_MOVED_ATTEMPTS = 3

/** The same call made four times, one after the other: over HTTP, over WebSocket twice, and over HTTP again. */
export interface WsParityExchanges {
  before: Exchange
  viaWs: Exchange
  viaWsAgain: Exchange
  after: Exchange
}

/**
 * RPC-WS (interface section 4.1: the WebSocket offers an access equivalent to HTTPS): the same call
 * answers the same over WebSocket as over HTTP, an equal result or an error there too (a blocked
 * method must fail on both), and the WebSocket answer's envelope is well formed. The calls go HTTP,
 * WebSocket, WebSocket, HTTP, one after another, which tells the transport from a state that moves:
 * - the two HTTP answers equal: the WebSocket answers must equal them (two WebSocket answers that
 *   differ from each other mean the state moved and came back, as replicas out of step answering in
 *   turn do: `moved`, ask again; HTTP, WebSocket, HTTP would blame that on the transport);
 * - they differ: the state moved. When one change explains every answer (the answers before it are
 *   the first HTTP one's, those after it the second's), both transports agreed at both states: a pass
 *   with no wait for a still head. Otherwise `moved`: ask again, never fail.
 * Error codes that differ between the transports are a `note`, not a finding: the call is refused on
 * both, and which code a refusal carries is RPC-ERRORS' matter (Anvil answers an unknown method
 * -32601 over HTTP, -32602 over WebSocket). An HTTP call without a usable answer leaves nothing to
 * compare (RPC-ENVELOPE's matter).
 * @example checkSameOverWebSocket('eth_chainId (example "chain id")', { before, viaWs, viaWsAgain, after })
 */
export function checkSameOverWebSocket(what: string, exchanges: WsParityExchanges): { findings: Finding[]; note?: string } | { moved: true } {
  const { before, viaWs, viaWsAgain, after } = exchanges
  const findings = checkEnvelope(viaWs, (viaWs.request as { id?: unknown } | null)?.id)
  const [first, overWs, overWsAgain, second] = [said(before), said(viaWs), said(viaWsAgain), said(after)]
  if (overWs === null || first === null || second === null) return { findings }
  const same = (a: unknown, b: unknown): boolean => firstDifference(a, b) === null
  if (!same(first.value, second.value)) {
    // In the order they were asked: explained by one change when a prefix is the first HTTP answer and the rest the second.
    const answers = [first.value, overWs.value, ...(overWsAgain === null ? [] : [overWsAgain.value]), second.value]
    const switchAt = answers.findIndex((value) => !same(value, first.value))
    return answers.slice(switchAt).every((value) => same(value, second.value)) ? { findings } : { moved: true }
  }
  if (overWsAgain !== null && !same(overWs.value, overWsAgain.value)) return { moved: true }
  const difference = firstDifference(first.value, overWs.value)
  if (difference === null) return { findings }
  if (isError(overWs.value) && isError(first.value))
    return {
      findings,
      note: `${what} is refused on both transports, with error ${boundedJson(first.value.error, 20)} over HTTP and ${boundedJson(overWs.value.error, 20)} over WebSocket`,
    }
  findings.push({
    kind: 'inconsistent',
    message: `${what} over WebSocket differs from HTTP at ${difference.pointer}: ${boundedJson(difference.right, 80)} vs ${boundedJson(difference.left, 80)}`,
    exchange: viaWs,
    pointer: difference.pointer,
  })
  return { findings }
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
