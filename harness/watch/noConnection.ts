import type { Exchange } from '../transport/exchange.js'

/**
 * Whether an exchange says the target could not be reached at all (refused, reset, no answer in
 * time), as opposed to an answer, however wrong: the first is downtime, the second evidence.
 */
export function noConnection(exchange: Exchange): boolean {
  const code = exchange.failure?.code
  return code === 'L2CONF_ERR_UNREACHABLE' || code === 'L2CONF_ERR_CLOSED' || (code === 'L2CONF_ERR_TIMEOUT' && exchange.httpStatus === undefined)
}
