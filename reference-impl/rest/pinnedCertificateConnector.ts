import { X509Certificate } from 'node:crypto'
import type { TLSSocket } from 'node:tls'
import { buildConnector } from 'undici'

/**
 * An undici connector for the REST service's own node when that node serves HTTPS: it accepts exactly
 * the certificate the node was started with (its SHA-256 fingerprint), whatever names it carries and
 * whoever issued it. The service reaches its node over loopback (127.0.0.1), a name a real
 * certificate rarely lists, and the reference holds the node's certificate but not necessarily the CA
 * that signed it; pinning proves the service talks to its own node without either.
 * `certificatePem` is the node's --tls-cert (its first certificate is the one served).
 */
export function pinnedCertificateConnector(certificatePem: string, timeoutMs: number): buildConnector.connector {
  const expected = new X509Certificate(certificatePem).fingerprint256
  // Chain and name checks are replaced by the pin below; no session resumption, so every
  // connection shows its certificate.
  const connect = buildConnector({ rejectUnauthorized: false, timeout: timeoutMs, maxCachedSessions: 0 })
  return (options, callback) => {
    connect(options, (error, socket) => {
      if (error !== null) return callback(error, null)
      const presented = (socket as TLSSocket).getPeerX509Certificate?.()?.fingerprint256
      if (presented === expected) return callback(null, socket)
      socket.destroy()
      callback(
        Object.assign(new Error(`the node presented another certificate (${presented ?? 'none'}) than its own`), { code: 'ERR_TLS_CERT_PIN_MISMATCH' }),
        null,
      )
    })
  }
}
