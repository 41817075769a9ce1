import type { Exchange } from './exchange.js'

/** HTTP statuses of a gateway in trouble: a passing state of the path to the node, not proof about its envelope. */
const TRANSIENT_STATUS = new Set([502, 503, 504])

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 160 ? `${line.slice(0, 160)}…` : line
}

function shown(value: unknown): string {
  const text = JSON.stringify(value)
  return preview(text === undefined ? String(value) : text)
}

/**
 * Why the answer to a well-formed single call (JSON-RPC 2.0 section 5: the response carries the
 * request's id, and a result or an error) proves the envelope broken, or null when it does not.
 * Only answers count: a failure (time-out, closed, too large) is not envelope evidence, except an
 * answer that could not be read (L2CONF_ERR_BAD_RESPONSE: not HTTP, refused unparsed for its depth or
 * width, JsonShapeScanner); nor is a
 * gateway's 502/503/504. `id null` is right only for a request the server could not read, which a
 * call never is.
 * @example envelopeEvidence(exchange, 7) // 'the answer to eth_chainId (id 7) carries id "7"'
 */
export function envelopeEvidence(exchange: Exchange, id: number, method: string): string | null {
  // An answer the harness could not read as JSON-RPC at all (not HTTP, refused unparsed for its depth or width) is evidence; other failures are not.
  if (exchange.failure?.code === 'L2CONF_ERR_BAD_RESPONSE') return `the answer to ${method}: ${exchange.failure.message}`
  if (exchange.failure !== undefined) return null
  if (exchange.httpStatus !== undefined && TRANSIENT_STATUS.has(exchange.httpStatus)) return null
  const status = exchange.httpStatus === undefined ? '' : ` (HTTP ${exchange.httpStatus})`
  const response = exchange.response
  if (response === undefined) return `the answer to ${method}${status} is not JSON: ${preview(exchange.rawResponse ?? '')}`
  if (response === null || typeof response !== 'object' || Array.isArray(response))
    return `the answer to ${method}${status} is ${shown(response)}, not a JSON-RPC response object`
  if (!Object.hasOwn(response, 'result') && !Object.hasOwn(response, 'error'))
    return `the answer to ${method}${status} has neither result nor error: ${shown(response)}`
  if (!Object.hasOwn(response, 'id')) return `the answer to ${method} (id ${id}) has no id`
  const answered = (response as { id: unknown }).id
  if (answered !== id) return `the answer to ${method} (id ${id}) carries id ${shown(answered)}`
  return null
}
