import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type Verdict } from './largestAccepted.js'
import { limitValue, type LimitMeasurement } from './limitMeasurement.js'
import { paddedRequest, paddedRequestFloor } from './paddedRequest.js'
import { answerText } from './refusalSignature.js'

const MiB = 1024 * 1024
/** Common body limits: geth's 5 MiB, nginx's default 1 MiB, Anvil's 2 MiB, proxies' 10 MiB. */
export const BODY_HINTS: readonly number[] = [5 * MiB, MiB, 2 * MiB, 10 * MiB]

export interface RequestBytesProbe {
  /** POSTs `text` as-is (Content-Type application/json) through the run's transport. */
  sendRaw(text: string): Promise<Exchange>
  /** --discover-max-bytes: no larger body is sent. */
  cap: number
}

/**
 * The largest HTTP request body the target accepts (LIMITS; interface spec section 8): a valid
 * eth_chainId request padded with JSON whitespace to N bytes. Accepted: answered with a result.
 * Refused: HTTP 413 (or any error answer), or the connection closed on it.
 */
export async function maxRequestBytes(probe: RequestBytesProbe): Promise<LimitMeasurement> {
  const floor = paddedRequestFloor(1)
  const refusals = new Map<number, string>()
  const ask = async (bytes: number): Promise<Verdict> => {
    const exchange = await probe.sendRaw(paddedRequest(bytes, 1))
    const verdict = failureVerdict(exchange) ?? (rpcOutcome(exchange).kind === 'result' ? 'accepted' : 'refused')
    if (verdict === 'refused') refusals.set(bytes, answerText(exchange))
    return verdict
  }
  const outcome = await largestAccepted(ask, { floor, cap: Math.max(floor, probe.cap), hints: BODY_HINTS })
  // Even the smallest request refused says the call itself failed, not how large a body may be.
  return {
    value: outcome.kind === 'exact' && outcome.accepted < floor ? null : limitValue(outcome, floor),
    requests: outcome.requests,
    note: bytesNote(outcome, refusals, 'a request body', floor),
  }
}

/** The note of a byte-size search (HTTP bodies and WebSocket messages). */
export function bytesNote(outcome: Awaited<ReturnType<typeof largestAccepted>>, refusals: Map<number, string>, what: string, floor: number): string {
  if (outcome.kind === 'at-least') return `${what} of ${outcome.accepted} bytes was answered; nothing larger was sent (the cap)`
  if (outcome.kind === 'unsure')
    return `stopped: ${outcome.reason ?? 'no answer'}${outcome.accepted >= floor ? ` (after ${outcome.accepted} bytes were answered)` : ''}`
  if (outcome.accepted < floor) return `even the smallest request (${floor} bytes) was refused: ${refusals.get(floor) ?? 'refused'}`
  return `${what} of up to ${outcome.accepted} bytes is answered; ${outcome.accepted + 1} bytes: ${refusals.get(outcome.accepted + 1) ?? 'refused'}`
}
