import type { Exchange } from './exchange.js'
import { LIST_METHODS, OVERSIZED_ANSWER_BYTES } from './transportHealth.js'

/**
 * What the size of the answer to a well-formed single call of `method` shows (TransportHealth.answerSized):
 * why it is oversized, null when its size is sensible, or undefined when it proves nothing: the call
 * asks for a list (LIST_METHODS), nothing came back, or it was refused before its own size was known
 * (a small answer is refused too while other answers fill the run's byte budget).
 * @example oversizedEvidence(exchange, 'eth_blockNumber') // 'eth_blockNumber was answered with 66060330 bytes'
 */
export function oversizedEvidence(exchange: Exchange, method: string): string | null | undefined {
  if (LIST_METHODS.has(method)) return undefined
  const failure = exchange.failure
  if (failure?.code === 'L2CONF_ERR_RESPONSE_TOO_LARGE') return answerSize(exchange) >= OVERSIZED_ANSWER_BYTES ? `${method}: ${failure.message}` : undefined
  if (failure !== undefined || exchange.responseBytes === undefined) return undefined
  return exchange.responseBytes >= OVERSIZED_ANSWER_BYTES ? `${method} was answered with ${exchange.responseBytes} bytes` : null
}

/** The size of an answer as far as it is known: its declared Content-Length, or the bytes that arrived. */
function answerSize(exchange: Exchange): number {
  const declared = Number(exchange.headers?.['content-length'])
  return Math.max(Number.isFinite(declared) ? declared : 0, exchange.responseBytes ?? 0)
}
