import type { Exchange } from '../transport/exchange.js'
import type { Verdict } from './largestAccepted.js'

/**
 * What a harness failure says about the size of a discovery probe: a connection the target closed
 * (or an answer that is not HTTP) is a refusal, as servers drop oversized requests that way; a
 * time-out, a rate limit, an oversized answer or no connection at all say nothing about the size,
 * so the search stops. Null when the exchange has no failure (its answer decides).
 * @example failureVerdict(exchange) ?? (isAnswered(exchange) ? 'accepted' : 'refused')
 */
export function failureVerdict(exchange: Exchange): Verdict | null {
  const failure = exchange.failure
  if (failure === undefined) return null
  if (failure.code === 'L2CONF_ERR_CLOSED' || failure.code === 'L2CONF_ERR_BAD_RESPONSE') return 'refused'
  return { unknown: `${failure.message} (${failure.code})` }
}
