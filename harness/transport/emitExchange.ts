import type { Exchange } from './exchange.js'
import type { TransportOptions } from './transportOptions.js'

/**
 * Hands an exchange to `options.onExchange` (latency stats, evidence: TransportOptions) and returns
 * it; a throwing callback becomes a process warning and never breaks the request that produced it.
 */
export function emitExchange(options: TransportOptions, exchange: Exchange): Exchange {
  const onExchange = options.onExchange
  if (onExchange !== undefined) {
    try {
      onExchange(exchange)
    } catch (error) {
      process.emitWarning(`onExchange threw: ${String(error)}`, { code: 'L2CONF_ON_EXCHANGE' })
    }
  }
  return exchange
}
