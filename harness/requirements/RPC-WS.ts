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
 * WebSocket, WebSocket, HTTP: when the two HTTP answers differ, or the two WebSocket ones, the state
 * moved under the check (or replicas out of step answered in turn, INFO-PROGRESS' matter) and `moved`
 * is true: ask again, never fail. That order sees a change that alternates from call to call too,
 * which HTTP, WebSocket, HTTP would mistake for the transport. Error codes that differ between the
 * transports are a `note`, not a finding: the call is refused on both, and which code a refusal
 * carries is RPC-ERRORS' matter (Anvil answers an unknown method -32601 over HTTP, -32602 over
 * WebSocket). An HTTP call without a usable answer leaves nothing to compare (RPC-ENVELOPE's matter).
 * @example checkSameOverWebSocket('eth_chainId (example "chain id")', { before, viaWs, viaWsAgain, after })
 */
export function checkSameOverWebSocket(what: string, exchanges: WsParityExchanges): { findings: Finding[]; note?: string } | { moved: true } {
  const { before, viaWs, viaWsAgain, after } = exchanges
  const findings = checkEnvelope(viaWs, (viaWs.request as { id?: unknown } | null)?.id)
  const [first, overWs, overWsAgain, second] = [said(before), said(viaWs), said(viaWsAgain), said(after)]
  if (overWs === null) return { findings }
  if (first === null || second === null) return { findings }
  if (firstDifference(first.value, second.value) !== null) return { moved: true }
  if (overWsAgain !== null && firstDifference(overWs.value, overWsAgain.value) !== null) return { moved: true }
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
