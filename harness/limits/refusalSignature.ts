import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'

/** Numbers (decimal and hex) in an error message become `#`, so two refusals of one kind compare equal. */
function normalise(message: string): string {
  return message
    .toLowerCase()
    .replace(/0x[0-9a-f]+/g, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The kind of answer an exchange got, with its numbers taken out: `error -32000: end of requested
 * block range (#) does not exist`, `HTTP 413`, `result null`, `result array`, `failure
 * L2CONF_ERR_CLOSED`. Two refusals with the same signature are the same refusal for different
 * sizes; LIMITS discovery uses it to tell "too large" from "past the head" (interface spec section 8).
 * @example refusalSignature(exchange) === refusalSignature(baseline)
 */
export function refusalSignature(exchange: Exchange): string {
  if (exchange.failure !== undefined) return `failure ${exchange.failure.code}`
  const outcome = rpcOutcome(exchange)
  if (outcome.kind === 'error')
    return `error ${String(outcome.code)}: ${normalise(typeof outcome.message === 'string' ? outcome.message : (JSON.stringify(outcome.message) ?? ''))}`
  const status = exchange.httpStatus !== undefined && (exchange.httpStatus < 200 || exchange.httpStatus > 299) ? `HTTP ${exchange.httpStatus}` : null
  if (status !== null) return status
  if (outcome.kind === 'broken') return `broken answer`
  const value = outcome.value
  return `result ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`
}

/** A short quotable form of what the target answered (its error message, or the signature), for notes. */
export function answerText(exchange: Exchange): string {
  if (exchange.failure !== undefined) return exchange.failure.message
  const outcome = rpcOutcome(exchange)
  const status = exchange.httpStatus !== undefined && exchange.httpStatus !== 200 ? `HTTP ${exchange.httpStatus} ` : ''
  if (outcome.kind === 'error') return `${status}${String(outcome.code)} ${JSON.stringify(outcome.message)}`.slice(0, 160)
  if (outcome.kind === 'broken') return `${status}${outcome.reason}`.slice(0, 160)
  return `${status}${refusalSignature(exchange)}`
}
