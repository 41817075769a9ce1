/** What went wrong with a target's TLS, in the operator's terms. */
export type TlsFailureKind = 'self-signed' | 'expired' | 'not-yet-valid' | 'host-mismatch' | 'unknown-ca' | 'plain-http' | 'other'

/** The certificate a server presented, as read by a diagnostic handshake (see inspectTls). */
export interface PresentedCertificate {
  /** e.g. `CN=127.0.0.1` */
  subject: string
  /** e.g. `CN=Example Private CA` */
  issuer: string
  /** The names it is issued for (subjectAltName entries without their `DNS:`/`IP Address:` prefix; the CN when it has none). */
  names: string[]
  /** ISO 8601 */
  validFrom: string
  /** ISO 8601 */
  validTo: string
}

export interface TlsFailureFacts {
  /** The address the run asked for (https:// or wss://). */
  url: string
  /** Node's error code: a verification error (CERT_HAS_EXPIRED, ...) or a handshake error (EPROTO, ERR_SSL_...). */
  code: string
  /** The raw error text, when there is one (read too when the code is not telling). */
  message?: string
  /** The --ca file, when one was given. */
  caFile?: string | null
  certificate?: PresentedCertificate
  /** The time to compare validity dates with (default now). */
  now?: Date
}

const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT'])
const UNKNOWN_CA = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
])
const HOST_MISMATCH = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH'])
const PLAIN_HTTP = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST'])
// What OpenSSL says when the first bytes back are not a TLS record (an HTTP answer, typically).
const PLAIN_HTTP_TEXT = /wrong version number|packet length too long|http request/i

/** Which failure `code` (or, when it says nothing, the message) names. */
export function tlsFailureKind(code: string, message = ''): TlsFailureKind {
  const known = (name: string): TlsFailureKind | undefined => {
    if (SELF_SIGNED.has(name)) return 'self-signed'
    if (UNKNOWN_CA.has(name)) return 'unknown-ca'
    if (HOST_MISMATCH.has(name)) return 'host-mismatch'
    if (name === 'CERT_HAS_EXPIRED') return 'expired'
    if (name === 'CERT_NOT_YET_VALID') return 'not-yet-valid'
    if (PLAIN_HTTP.has(name)) return 'plain-http'
    return undefined
  }
  const byCode = known(code)
  if (byCode !== undefined) return byCode
  // Codes lost on the way (a wrapped error): the text of the exchange still names them.
  for (const name of message.match(/\b[A-Z][A-Z0-9_]{5,}\b/g) ?? []) {
    const byText = known(name)
    if (byText !== undefined) return byText
  }
  if ((code === 'EPROTO' || code.startsWith('ERR_SSL') || message.includes('EPROTO')) && PLAIN_HTTP_TEXT.test(message)) return 'plain-http'
  return 'other'
}

/** `2020-01-02 00:00:00 UTC` */
function when(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso
  return Number.isNaN(date.getTime()) ? String(iso) : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return url
  }
}

function schemeOf(url: string): { secure: string; plain: string } {
  return url.startsWith('wss:') ? { secure: 'a wss', plain: 'ws' } : { secure: 'an https', plain: 'http' }
}

function singleLine(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/:?\s*$/, '')
    .trim()
}

/**
 * Says which TLS failure ended a run (exit 3, ARCHITECTURE.md's CLI contract) in words an operator acts on:
 * a self-signed certificate, an expired (or not yet valid) one with its dates, a host name mismatch
 * (the name asked for against the names on the certificate), an unknown CA, plain HTTP spoken at an
 * https/wss address, or else the TLS error code and text. Pure: the facts come from the failed
 * exchange and a diagnostic handshake (inspectTls).
 * @example describeTlsFailure({ url: 'https://node.example.org', code: 'CERT_HAS_EXPIRED', certificate })
 */
export function describeTlsFailure(facts: TlsFailureFacts): { kind: TlsFailureKind; message: string } {
  const kind = tlsFailureKind(facts.code, facts.message)
  const { url, certificate } = facts
  const subject = certificate === undefined ? '' : ` (${certificate.subject})`
  const ca = facts.caFile ?? null
  const scheme = schemeOf(url)
  switch (kind) {
    case 'self-signed':
      return {
        kind,
        message:
          ca === null
            ? `self-signed certificate: ${url} presented a certificate signed by itself${subject}, which no CA vouches for and no --ca was given. ` +
              `If it is the server's own certificate, trust it with --ca <its PEM file>; --insecure skips verification (the report then proves nothing about who answered).`
            : `self-signed certificate: ${url} presented a certificate signed by itself${subject}, and it is not the one in --ca ${ca}. ` +
              `Give that certificate with --ca, or have the server use a certificate issued by the CA in ${ca}.`,
      }
    case 'expired': {
      const dates =
        certificate === undefined
          ? ''
          : ` expired on ${when(certificate.validTo)} (valid from ${when(certificate.validFrom)} to ${when(certificate.validTo)}; it is now ${when(facts.now ?? new Date())})`
      return {
        kind,
        message: `expired certificate: ${url} presented a certificate${subject} that${dates === '' ? ' has expired' : dates}. The server's certificate must be renewed.`,
      }
    }
    case 'not-yet-valid': {
      const dates =
        certificate === undefined
          ? ' is not valid yet'
          : ` is valid only from ${when(certificate.validFrom)} (to ${when(certificate.validTo)}; it is now ${when(facts.now ?? new Date())})`
      return {
        kind,
        message: `certificate not yet valid: ${url} presented a certificate${subject} that${dates}. Check the clock of the server and of this machine.`,
      }
    }
    case 'host-mismatch': {
      const host = hostOf(url)
      const names =
        certificate === undefined
          ? facts.message === undefined
            ? 'other names'
            : `other names (${singleLine(facts.message)})`
          : certificate.names.length === 0
            ? 'no name at all'
            : certificate.names.join(', ')
      return {
        kind,
        message:
          `host name mismatch: asked for ${host}, but the certificate of ${url}${subject} is for ${names}. ` +
          `Use an address the certificate names, or a certificate issued for ${host}.`,
      }
    }
    case 'unknown-ca': {
      const issuer = certificate === undefined ? 'a CA' : certificate.issuer
      return {
        kind,
        message:
          ca === null
            ? `unknown CA: ${url} presented a certificate${subject} signed by ${issuer}, a CA this run does not trust. ` +
              `If it is a private CA, give its certificate with --ca FILE (or the server is not sending its intermediate certificates).`
            : `unknown CA: ${url} presented a certificate${subject} signed by ${issuer}, which is neither the CA in --ca ${ca} nor a public CA. ` +
              `Give the CA that issued it with --ca (or the server is not sending its intermediate certificates).`,
      }
    }
    case 'plain-http':
      return {
        kind,
        message:
          `plain HTTP at ${scheme.secure} address: ${url} answered without TLS (its first bytes were not a TLS handshake). ` +
          `Use ${scheme.plain}:// for this address, or turn TLS on at the server.`,
      }
    case 'other':
      return {
        kind,
        message: `TLS failure at ${url} (${facts.code})${facts.message === undefined || facts.message === '' ? '' : `: ${singleLine(facts.message)}`}`,
      }
  }
}
