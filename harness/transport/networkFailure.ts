import type { HarnessErrorCode } from '../errors/harnessError.js'

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
])
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_ABORTED'])
const TLS = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

/** The system/library error code of `error`, looking through AggregateError (multi-address connects) and `cause`. */
function rawCode(error: unknown, depth = 0): string | undefined {
  if (error === null || typeof error !== 'object' || depth > 3) return undefined
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown }
  if (typeof code === 'string' && code !== 'UND_ERR_CONNECT' && code !== 'UND_ERR_SOCKET') return code
  if (Array.isArray(errors) && errors.length > 0) return rawCode(errors[0], depth + 1) ?? (typeof code === 'string' ? code : undefined)
  return rawCode(cause, depth + 1) ?? (typeof code === 'string' ? code : undefined)
}

/**
 * The raw code of a network error (ECONNREFUSED, CERT_HAS_EXPIRED, ERR_SSL_WRONG_VERSION_NUMBER...),
 * found as networkFailureCode finds it: for callers that must say more than the harness code, e.g.
 * which TLS failure it was (harness/tls/describeTlsFailure).
 */
export function networkErrorCode(error: unknown): string | undefined {
  return rawCode(error)
}

/**
 * Maps a raw network error (node:net, node:tls, undici, ws) to the harness's meaning (ARCHITECTURE.md:
 * one place maps raw codes). `connected` says whether the request was already written to an open
 * connection: a reset then means the target closed on us (CLOSED), before it means no connection
 * (UNREACHABLE).
 */
export function networkFailureCode(error: unknown, connected: boolean): HarnessErrorCode {
  const code = rawCode(error)
  if (code !== undefined) {
    if (TLS.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) return 'L2CONF_ERR_TLS'
    if (TIMEOUT.has(code)) return 'L2CONF_ERR_TIMEOUT'
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' || code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
      return 'L2CONF_ERR_RESPONSE_TOO_LARGE'
    // Not HTTP at all, or a body that contradicts its own Content-Length.
    if (code.startsWith('HPE_') || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') return 'L2CONF_ERR_BAD_RESPONSE'
    if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_URL') return 'L2CONF_ERR_USAGE'
    // The harness closed the transport itself.
    if (code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED') return 'L2CONF_ERR_CLOSED'
    if (UNREACHABLE.has(code)) return 'L2CONF_ERR_UNREACHABLE'
    if (CLOSED.has(code)) return connected ? 'L2CONF_ERR_CLOSED' : 'L2CONF_ERR_UNREACHABLE'
  }
  // undici's parser errors do not always carry a code.
  if (error instanceof Error && error.name === 'HTTPParserError') return 'L2CONF_ERR_BAD_RESPONSE'
  const message = error instanceof Error ? error.message : String(error)
  if (/certificate|ssl|tls/i.test(message)) return 'L2CONF_ERR_TLS'
  return connected ? 'L2CONF_ERR_CLOSED' : 'L2CONF_ERR_UNREACHABLE'
}

// OpenSSL's error queue text: `80DC89E0CB7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../ssl/record/ssl3_record.c:350:`
const OPENSSL_TEXT = /[0-9A-F]{8,}:error:[0-9A-F]{8}:[^:\n]*:[^:\n]*:([^:\n]+)(?::[^:\s]+:\d+:)?\s*/g

/** A one-line description of a raw network error for an exchange's failure message (code and text, no stack). */
export function describeNetworkError(error: unknown): string {
  const code = rawCode(error)
  const parts = error instanceof AggregateError && error.message === '' ? error.errors : [error]
  // OpenSSL's queue text is reduced to its reason ("wrong version number"): one line, no source paths.
  const message = parts.map((part: unknown) => (part instanceof Error ? part.message : String(part)).replace(OPENSSL_TEXT, '$1').trim()).join('; ')
  return code === undefined || message.includes(code) ? message : `${code}: ${message}`
}
