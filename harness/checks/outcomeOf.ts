import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome, type RpcOutcome } from '../transport/jsonRpcResponse.js'

/**
 * rpcOutcome (JSON-RPC 2.0 section 5) for judges, total over whatever the target sent: should reading
 * the answer throw (a value too deep to preview, say), the answer is broken, with the reason, so a
 * judge always returns findings instead of throwing.
 * @example const outcome = outcomeOf(exchange); if (outcome.kind === 'result') judge(outcome.value)
 */
export function outcomeOf(exchange: Exchange): RpcOutcome {
  try {
    return rpcOutcome(exchange)
  } catch (error) {
    return { kind: 'broken', reason: `the answer cannot be read: ${errorText(error)}` }
  }
}

/** The message of anything thrown, bounded (a thrown value may be anything, even a huge string). */
export function errorText(error: unknown): string {
  let text: string
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : Object.prototype.toString.call(error)
  } catch {
    text = 'an unreadable exception'
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
