import type { Finding } from './finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from './boundedJson.js'
import { firstDifference } from './firstDifference.js'
import { outcomeOf } from './outcomeOf.js'

const isError = (value: unknown): value is { error: { code: unknown } } => value !== null && typeof value === 'object' && 'error' in value

/** What an answer says, for comparing transports: its result, or its error code (messages are prose, and may differ). */
function said(exchange: Exchange): { value: unknown } | { broken: string } {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return { broken: outcome.reason }
  return { value: outcome.kind === 'result' ? { result: outcome.value } : { error: { code: outcome.code } } }
}

/**
 * RPC-WS (interface section 4.1: the WebSocket offers an access equivalent to HTTPS): the same call
 * answers the same over WebSocket as over HTTP: an equal result, or an error there too (a blocked
 * method must fail on both). Error codes that differ between the transports are a `note`, not a
 * finding: the call is refused on both, and which code a refusal carries is RPC-ERRORS' matter
 * (Anvil answers an unknown method -32601 over HTTP, -32602 over WebSocket). The calls go HTTP,
 * WebSocket, WebSocket, HTTP: when the two HTTP answers differ, or the two WebSocket ones, the
 * state moved under the check (or replicas out of step answered in turn, INFO-PROGRESS' matter) and
 * `moved` is true (try again, never fail). Calls in that order see any change that alternates from
 * call to call, which HTTP, WebSocket, HTTP would mistake for the transport.
 */
export function checkSameOverWs(
  what: string,
  before: Exchange,
  ws: Exchange,
  wsAgain: Exchange,
  after: Exchange,
): { findings: Finding[]; note?: string } | { moved: true } {
  const [first, overWs, overWsAgain, second] = [said(before), said(ws), said(wsAgain), said(after)]
  if ('broken' in first || 'broken' in second) return { findings: [] }
  if (firstDifference(first.value, second.value) !== null) return { moved: true }
  if ('broken' in overWs)
    return {
      findings: [
        { kind: 'no-answer', message: `${what} over WebSocket: ${overWs.broken}; over HTTP it answered ${boundedJson(first.value, 100)}`, exchange: ws },
      ],
    }
  if (!('broken' in overWsAgain) && firstDifference(overWs.value, overWsAgain.value) !== null) return { moved: true }
  const difference = firstDifference(overWs.value, first.value)
  if (difference === null) return { findings: [] }
  if (isError(overWs.value) && isError(first.value))
    return {
      findings: [],
      note: `${what} is refused on both transports, with error ${boundedJson(first.value.error.code, 20)} over HTTP and ${boundedJson(overWs.value.error.code, 20)} over WebSocket`,
    }
  return {
    findings: [
      {
        kind: 'inconsistent',
        message: `${what} answers differently over WebSocket and over HTTP, at ${difference.pointer}: ${boundedJson(difference.left, 80)} vs ${boundedJson(difference.right, 80)}`,
        pointer: difference.pointer,
        exchange: ws,
      },
    ],
  }
}
