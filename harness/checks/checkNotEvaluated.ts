import type { Finding } from './finding.js'
import type { Exchange } from '../transport/exchange.js'
import { describeError } from './outcomeFindings.js'
import { outcomeOf } from './outcomeOf.js'

/** EIP-1474's "transaction rejected" and "transaction underpriced"-style codes a node uses once it has weighed a transaction. */
const REJECTION_CODES = new Set([-32003, -32010])

/** What a node says when it weighed a transaction for inclusion and refused it (price, funds, nonce). */
const EVALUATED = /base ?fee|fee per gas|underpriced|gas ?price|insufficient funds|nonce too (low|high)|intrinsic gas|gas floor/i

/**
 * BLOCKED-SENDTX: the blocked-method probe is value-free (zero value, to its own sender, gas price
 * zero), so a node that does NOT block eth_sendTransaction but charges fees refuses it for its price.
 * That refusal is an error, yet it shows the node weighed the transaction: the method is not blocked,
 * only this probe was too cheap. A finding when the error says so (its code or its words); empty otherwise.
 * @example checkNotEvaluated(exchange, 'eth_sendTransaction over HTTP') // Anvil: one finding
 */
export function checkNotEvaluated(exchange: Exchange, what: string): Finding[] {
  const outcome = outcomeOf(exchange)
  if (outcome.kind !== 'error') return []
  const byCode = typeof outcome.code === 'number' && REJECTION_CODES.has(outcome.code)
  const byWords = typeof outcome.message === 'string' && EVALUATED.test(outcome.message.slice(0, 2_000))
  if (!byCode && !byWords) return []
  return [
    {
      kind: 'not-blocked',
      message: `${what} weighed the value-free probe and refused it (${describeError(outcome)}): the method is not blocked, only this transaction was refused`,
      exchange,
    },
  ]
}
