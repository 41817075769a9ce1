/**
 * Errors of the harness itself, as values with a stable `code` (ARCHITECTURE.md).
 * They are distinct from a target's JSON-RPC errors, which are data in an exchange.
 * Callers match on `code`, never on the message text.
 */
export type HarnessErrorCode =
  | 'L2CONF_ERR_TIMEOUT' // no complete answer within the per-request bound
  | 'L2CONF_ERR_UNREACHABLE' // no connection: refused, DNS failure, host unreachable, reset while connecting, upgrade refused
  | 'L2CONF_ERR_TLS' // certificate or handshake failure
  | 'L2CONF_ERR_RESPONSE_TOO_LARGE' // the response passed the size cap
  | 'L2CONF_ERR_BAD_RESPONSE' // not JSON, or not a JSON-RPC response at all
  | 'L2CONF_ERR_CLOSED' // connected, then the socket closed before a complete answer (or the transport was closed)
  | 'L2CONF_ERR_RATE_LIMITED' // the target kept answering 429 past the retry budget
  | 'L2CONF_ERR_UNUSABLE' // not sent: the transport was judged unusable earlier (broken envelope, repeated time-outs, not JSON-RPC)
  | 'L2CONF_ERR_USAGE' // bad flags or configuration (exit 2)
  | 'L2CONF_ERR_SPEC' // a spec file that cannot be read, parsed or dereferenced (exit 2)

export class HarnessError extends Error {
  override readonly name = 'HarnessError'
  readonly code: HarnessErrorCode
  readonly details: Record<string, unknown>

  constructor(code: HarnessErrorCode, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.details = details
  }
}

/** True when `error` is a HarnessError carrying `code` (or any code when none is given). */
export function isHarnessError(error: unknown, code?: HarnessErrorCode): error is HarnessError {
  return error instanceof HarnessError && (code === undefined || error.code === code)
}
