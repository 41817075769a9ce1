import type { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import { connect, type TLSSocket } from 'node:tls'
import { networkFailureCode, networkErrorCode } from '../transport/networkFailure.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import type { PresentedCertificate } from './describeTlsFailure.js'

/** What one diagnostic TLS handshake with a target found. */
export type TlsInspection =
  /** The handshake completed and the certificate verified (with the run's trust: --ca). */
  | { outcome: 'verified'; certificate: PresentedCertificate | undefined }
  /** The handshake completed but verification failed: `code` is Node's (CERT_HAS_EXPIRED, ...). */
  | { outcome: 'refused'; code: string; certificate: PresentedCertificate | undefined }
  /** No TLS session at all (EPROTO, ERR_SSL_WRONG_VERSION_NUMBER: e.g. plain HTTP at the address). */
  | { outcome: 'handshake-failed'; code: string; message: string }
  /** No connection (refused, DNS, time-out): not a TLS matter; the run's own probe reports it. */
  | { outcome: 'no-connection'; code: string; message: string }

const DEFAULT_PORT: Record<string, number> = { 'https:': 443, 'wss:': 443 }

function names(certificate: X509Certificate): string[] {
  const alt = certificate.subjectAltName
  if (alt !== undefined && alt !== '') return alt.split(/,\s*/).map((entry) => entry.replace(/^(DNS|IP Address|URI|email):/, ''))
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)
  return cn === null ? [] : [cn[1] as string]
}

function iso(text: string): string {
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? text : date.toISOString()
}

/** The presented certificate in the terms a failure message uses. */
export function presentedCertificate(certificate: X509Certificate): PresentedCertificate {
  return {
    subject: certificate.subject.split('\n').join(', '),
    issuer: certificate.issuer.split('\n').join(', '),
    names: names(certificate),
    validFrom: iso(certificate.validFrom),
    validTo: iso(certificate.validTo),
  }
}

/**
 * Opens one TLS connection to an https:// or wss:// address exactly as the transports do (the same
 * CA list, the same server name; interface spec 4.1: the node is reached over HTTPS and WSS), but
 * without refusing what fails verification, so the certificate can be read and the failure named
 * (describeTlsFailure). Sends nothing past the handshake. Never rejects.
 * @example const inspection = await inspectTls('https://node.example.org', { ca }, 5_000)
 */
export function inspectTls(url: string, tls: TransportOptions['tls'], timeoutMs: number): Promise<TlsInspection> {
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const port = target.port === '' ? (DEFAULT_PORT[target.protocol] ?? 443) : Number(target.port)
  return new Promise((resolve) => {
    let settled = false
    const settle = (inspection: TlsInspection): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(inspection)
    }
    const socket: TLSSocket = connect({
      host,
      port,
      // SNI carries names only, never addresses (RFC 6066 section 3), as undici and ws do it.
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ...(tls?.ca === undefined ? {} : { ca: tls.ca }),
      rejectUnauthorized: false,
    })
    const timer = setTimeout(() => settle({ outcome: 'no-connection', code: 'ETIMEDOUT', message: `no TLS handshake within ${timeoutMs} ms` }), timeoutMs)
    socket.once('secureConnect', () => {
      const peer = socket.getPeerX509Certificate()
      const certificate = peer === undefined ? undefined : presentedCertificate(peer)
      const error = socket.authorizationError as unknown
      if (socket.authorized || error === null || error === undefined) return settle({ outcome: 'verified', certificate })
      settle({ outcome: 'refused', code: typeof error === 'string' ? error : (networkErrorCode(error) ?? String(error)), certificate })
    })
    socket.once('error', (error) => {
      const code = networkErrorCode(error) ?? 'UNKNOWN'
      const message = error.message
      settle(
        networkFailureCode(error, false) === 'L2CONF_ERR_TLS' ? { outcome: 'handshake-failed', code, message } : { outcome: 'no-connection', code, message },
      )
    })
  })
}
