import type { Exchange } from '../transport/exchange.js'
import { responseOutcome } from '../transport/jsonRpcResponse.js'
import { failureVerdict } from './failureVerdict.js'
import { largestAccepted, type Verdict } from './largestAccepted.js'
import { limitValue, type LimitMeasurement } from './limitMeasurement.js'
import { answerText } from './refusalSignature.js'

/** Common batch limits: geth's and most providers' 1000, proxies' 100, and 500. */
export const BATCH_HINTS: readonly number[] = [1000, 100, 500]

export interface BatchProbe {
  /** POSTs a JSON value (a batch array) through the run's transport. */
  send(body: unknown): Promise<Exchange>
  /** --discover-max-batch: no batch of more items is sent. */
  cap: number
  /** A cheap read-only method without params; default eth_chainId. */
  method?: string
}

/** A batch of `count` calls of `method`, ids 1..count (JSON-RPC 2.0 section 6). */
export function cheapBatch(count: number, method = 'eth_chainId'): Array<{ jsonrpc: '2.0'; id: number; method: string; params: [] }> {
  return Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0' as const, id: i + 1, method, params: [] as [] }))
}

/** Answered per item: an array of `count` responses, each with a result. */
function answeredPerItem(exchange: Exchange, count: number): boolean {
  const response = exchange.response
  return Array.isArray(response) && response.length === count && response.every((item) => responseOutcome(item).kind === 'result')
}

/**
 * The largest JSON-RPC batch the target answers per item with results (LIMITS; interface spec section
 * 8; JSON-RPC 2.0 section 6). Refused: an error object instead of the array, an HTTP 4xx/413, items
 * answered with errors, a closed connection. Read-only: the items call a method that changes nothing.
 */
export async function maxBatchItems(probe: BatchProbe): Promise<LimitMeasurement> {
  const refusals = new Map<number, { text: string; status: number | undefined; bytes: number }>()
  const ask = async (count: number): Promise<Verdict> => {
    const body = cheapBatch(count, probe.method)
    const exchange = await probe.send(body)
    const verdict = failureVerdict(exchange) ?? (answeredPerItem(exchange, count) ? 'accepted' : 'refused')
    if (verdict === 'refused') refusals.set(count, { text: batchRefusalText(exchange), status: exchange.httpStatus, bytes: JSON.stringify(body).length })
    return verdict
  }
  const outcome = await largestAccepted(ask, { floor: 1, cap: probe.cap, hints: BATCH_HINTS })
  const value = limitValue(outcome, 1)
  const refused = outcome.refused === null ? undefined : refusals.get(outcome.refused)
  let note: string
  if (outcome.kind === 'at-least') note = `a batch of ${outcome.accepted} items was answered per item; no larger batch was sent (the cap)`
  else if (outcome.kind === 'unsure') note = `stopped: ${outcome.reason ?? 'no answer'}`
  else if (outcome.accepted === 0) note = `even a batch of 1 item was refused: ${refused?.text ?? 'refused'}`
  else note = `batches of up to ${outcome.accepted} items are answered per item; ${outcome.accepted + 1} items: ${refused?.text ?? 'refused'}`
  // A body limit can stop a batch before any item limit does: say so rather than report it as the batch limit.
  if (refused?.status === 413) note += ` (HTTP 413: the ${refused.bytes}-byte body was too large, so this may be the body limit)`
  return { value, requests: outcome.requests, note }
}

/** What a refused batch got: how many items answered errors and the first of them, or the refusal itself. */
export function batchRefusalText(exchange: Exchange): string {
  const response = exchange.response
  if (Array.isArray(response)) {
    const errors = response.filter((item) => responseOutcome(item).kind !== 'result')
    const first = errors[0] === undefined ? undefined : responseOutcome(errors[0])
    if (first?.kind === 'error')
      return `${errors.length} of ${response.length} items answered an error, e.g. ${String(first.code)} ${JSON.stringify(first.message)}`.slice(0, 200)
    return `an array of ${response.length} answers`
  }
  return answerText(exchange)
}
