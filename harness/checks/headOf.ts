import type { Finding } from './finding.js'
import type { Exchange } from '../transport/exchange.js'
import { outcomeOf } from './outcomeOf.js'

/**
 * The head block number an eth_blockNumber exchange answered, or the finding that it answered none
 * (with the exchange, so a dead transport shows as such and the evidence is attached).
 * @example const read = headOf(exchange); if ('finding' in read) probe.add([read.finding])
 */
export function headOf(exchange: Exchange, why = 'so no block can be chosen'): { head: number } | { finding: Finding } {
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'result' && typeof outcome.value === 'string' && /^0x[0-9a-f]{1,15}$/i.test(outcome.value))
    return { head: Number(BigInt(outcome.value)) }
  const kind = outcome.kind === 'broken' ? 'no-answer' : outcome.kind === 'error' ? 'unexpected-error' : 'schema-violation'
  return { finding: { kind, message: `eth_blockNumber did not answer a block number, ${why}`, exchange } }
}
