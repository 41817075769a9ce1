import type { Exchange } from '../transport/exchange.js'

/**
 * An origin no site has (`.invalid` never resolves, RFC 2606): what the endpoint answers a page of
 * it is what it answers any foreign page in a visitor's browser.
 */
export const FOREIGN_ORIGIN = 'https://l2conf.invalid'

/** The headers of a CORS preflight from FOREIGN_ORIGIN for a JSON-RPC POST (the Fetch standard's CORS protocol). */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  origin: FOREIGN_ORIGIN,
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'content-type',
}

/** What a foreign page may do with the answers, by the Access-Control-Allow-Origin the endpoint sent. */
function allowed(exchange: Exchange): string {
  const allowOrigin = exchange.headers?.['access-control-allow-origin']
  const credentials = exchange.headers?.['access-control-allow-credentials'] === 'true' ? ', with credentials (Access-Control-Allow-Credentials: true)' : ''
  if (allowOrigin === undefined) return 'no Access-Control-Allow-Origin: a browser keeps the answer from a foreign page'
  if (allowOrigin.trim() === '*') return `Access-Control-Allow-Origin: *: a page of any origin may call it from a visitor's browser${credentials}`
  if (allowOrigin.trim() === FOREIGN_ORIGIN) return `Access-Control-Allow-Origin echoes the foreign origin: a page of any origin may call it${credentials}`
  return `Access-Control-Allow-Origin: ${allowOrigin.slice(0, 120)} (the foreign origin is not among those allowed)`
}

/** How an exchange was answered, in a few words (an HTTP status, or why there was none). */
function answered(exchange: Exchange): string {
  if (exchange.failure !== undefined) return `no answer (${exchange.failure.code})`
  return exchange.httpStatus === undefined ? 'answered' : `HTTP ${exchange.httpStatus}`
}

/**
 * CORS on the HTTP endpoint, as facts (a public RPC may rightly allow every origin, so the report says
 * what it saw instead of failing it): the answer to a preflight from a foreign origin, with the
 * methods and headers it allows, and whether a foreign page may read a POST's answer.
 */
export function corsFacts(preflight: Exchange, post: Exchange): string[] {
  const methods = preflight.headers?.['access-control-allow-methods']
  const headers = preflight.headers?.['access-control-allow-headers']
  const allows = [methods === undefined ? '' : `methods ${methods.slice(0, 80)}`, headers === undefined ? '' : `headers ${headers.slice(0, 80)}`]
    .filter((text) => text !== '')
    .join(', ')
  return [
    `CORS preflight (OPTIONS) from ${FOREIGN_ORIGIN}: ${answered(preflight)}, ${allowed(preflight)}${allows === '' ? '' : `; allows ${allows}`}`,
    `a JSON-RPC POST from ${FOREIGN_ORIGIN}: ${answered(post)}, ${allowed(post)}`,
  ]
}

/** How a WebSocket upgrade from a foreign origin went: opened, or refused with why (an HTTP status when there was one). */
export type UpgradeOutcome = { opened: true } | { opened: false; reason: string }

/**
 * The WebSocket endpoint's answer to a foreign Origin, as a fact: a browser sends its page's origin on
 * the upgrade and leaves the decision to the server (RFC 6455, section 10.2), so an endpoint that
 * opens for any origin lets any page use it from a visitor's browser.
 */
export function originFact(outcome: UpgradeOutcome): string {
  return outcome.opened
    ? `a WebSocket upgrade with Origin ${FOREIGN_ORIGIN} is accepted: a page of any origin may use it from a visitor's browser`
    : `a WebSocket upgrade with Origin ${FOREIGN_ORIGIN} is refused: ${outcome.reason}`
}
