import { describe, expect, it } from 'vitest'
import { describeTlsFailure, tlsFailureKind, type PresentedCertificate } from './describeTlsFailure.js'

const URL = 'https://127.0.0.1:8545'
const now = new Date('2026-11-21T06:40:00Z')
const certificate = (overrides: Partial<PresentedCertificate> = {}): PresentedCertificate => ({
  subject: 'CN=127.0.0.1',
  issuer: 'CN=Example Private CA',
  names: ['127.0.0.1'],
  validFrom: '2026-11-20T00:00:00.000Z',
  validTo: '2026-11-22T00:00:00.000Z',
  ...overrides,
})

describe('tlsFailureKind', () => {
  it("maps Node's TLS error codes to the failure an operator acts on", () => {
    const cases: Array<[string, string, ReturnType<typeof tlsFailureKind>]> = [
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate', 'self-signed'],
      ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain', 'unknown-ca'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate', 'unknown-ca'],
      ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'unable to get local issuer certificate', 'unknown-ca'],
      ['UNABLE_TO_GET_ISSUER_CERT', 'unable to get issuer certificate', 'unknown-ca'],
      ['CERT_HAS_EXPIRED', 'certificate has expired', 'expired'],
      ['CERT_NOT_YET_VALID', 'certificate is not yet valid', 'not-yet-valid'],
      ['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list: ", 'host-mismatch'],
      ['HOSTNAME_MISMATCH', 'hostname mismatch', 'host-mismatch'],
      ['ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number', 'plain-http'],
      ['EPROTO', 'write EPROTO wrong version number', 'plain-http'],
      ['EPROTO', 'write EPROTO sslv3 alert handshake failure', 'other'],
      ['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tlsv1 alert protocol version', 'other'],
      ['CERT_REVOKED', 'certificate revoked', 'other'],
    ]
    for (const [code, message, kind] of cases) expect(tlsFailureKind(code, message), code).toBe(kind)
  })

  it('reads the code from the message when the error lost it on the way', () => {
    expect(tlsFailureKind('L2CONF_ERR_TLS', 'no WebSocket connection to wss://x: CERT_HAS_EXPIRED: certificate has expired')).toBe('expired')
    expect(tlsFailureKind('L2CONF_ERR_TLS', 'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate')).toBe('self-signed')
  })
})

describe('describeTlsFailure', () => {
  it('self-signed, without and with --ca', () => {
    expect(
      describeTlsFailure({ url: URL, code: 'DEPTH_ZERO_SELF_SIGNED_CERT', certificate: certificate({ issuer: 'CN=127.0.0.1' }) }).message,
    ).toMatchInlineSnapshot(
      `"self-signed certificate: https://127.0.0.1:8545 presented a certificate signed by itself (CN=127.0.0.1), which no CA vouches for and no --ca was given. If it is the server's own certificate, trust it with --ca <its PEM file>; --insecure skips verification (the report then proves nothing about who answered)."`,
    )
    expect(describeTlsFailure({ url: URL, code: 'DEPTH_ZERO_SELF_SIGNED_CERT', caFile: 'ca.pem' }).message).toMatchInlineSnapshot(
      `"self-signed certificate: https://127.0.0.1:8545 presented a certificate signed by itself, and it is not the one in --ca ca.pem. Give that certificate with --ca, or have the server use a certificate issued by the CA in ca.pem."`,
    )
  })

  it('expired and not yet valid, with the dates', () => {
    expect(
      describeTlsFailure({
        url: URL,
        code: 'CERT_HAS_EXPIRED',
        now,
        certificate: certificate({ validFrom: '2020-01-01T00:00:00.000Z', validTo: '2020-01-02T00:00:00.000Z' }),
      }).message,
    ).toMatchInlineSnapshot(
      `"expired certificate: https://127.0.0.1:8545 presented a certificate (CN=127.0.0.1) that expired on 2020-01-02 00:00:00 UTC (valid from 2020-01-01 00:00:00 UTC to 2020-01-02 00:00:00 UTC; it is now 2026-11-21 06:40:00 UTC). The server's certificate must be renewed."`,
    )
    expect(
      describeTlsFailure({
        url: URL,
        code: 'CERT_NOT_YET_VALID',
        now,
        certificate: certificate({ validFrom: '2099-01-01T00:00:00.000Z', validTo: '2099-01-02T00:00:00.000Z' }),
      }).message,
    ).toMatchInlineSnapshot(
      `"certificate not yet valid: https://127.0.0.1:8545 presented a certificate (CN=127.0.0.1) that is valid only from 2099-01-01 00:00:00 UTC (to 2099-01-02 00:00:00 UTC; it is now 2026-11-21 06:40:00 UTC). Check the clock of the server and of this machine."`,
    )
    expect(describeTlsFailure({ url: URL, code: 'CERT_HAS_EXPIRED' }).message).toMatchInlineSnapshot(
      `"expired certificate: https://127.0.0.1:8545 presented a certificate that has expired. The server's certificate must be renewed."`,
    )
  })

  it('host name mismatch: the name asked for against the names on the certificate', () => {
    expect(
      describeTlsFailure({
        url: URL,
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
        certificate: certificate({ subject: 'CN=node.other.example', names: ['node.other.example', '*.other.example'] }),
      }).message,
    ).toMatchInlineSnapshot(
      `"host name mismatch: asked for 127.0.0.1, but the certificate of https://127.0.0.1:8545 (CN=node.other.example) is for node.other.example, *.other.example. Use an address the certificate names, or a certificate issued for 127.0.0.1."`,
    )
    expect(
      describeTlsFailure({
        url: 'wss://[::1]:8546',
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
        message: "Hostname/IP does not match certificate's altnames: IP: ::1 is not in the cert's list: ",
      }).message,
    ).toMatchInlineSnapshot(
      `"host name mismatch: asked for ::1, but the certificate of wss://[::1]:8546 is for other names (Hostname/IP does not match certificate's altnames: IP: ::1 is not in the cert's list). Use an address the certificate names, or a certificate issued for ::1."`,
    )
  })

  it('unknown CA, without and with --ca', () => {
    expect(describeTlsFailure({ url: URL, code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', certificate: certificate() }).message).toMatchInlineSnapshot(
      `"unknown CA: https://127.0.0.1:8545 presented a certificate (CN=127.0.0.1) signed by CN=Example Private CA, a CA this run does not trust. If it is a private CA, give its certificate with --ca FILE (or the server is not sending its intermediate certificates)."`,
    )
    expect(describeTlsFailure({ url: URL, code: 'SELF_SIGNED_CERT_IN_CHAIN', caFile: 'ca.pem', certificate: certificate() }).message).toMatchInlineSnapshot(
      `"unknown CA: https://127.0.0.1:8545 presented a certificate (CN=127.0.0.1) signed by CN=Example Private CA, which is neither the CA in --ca ca.pem nor a public CA. Give the CA that issued it with --ca (or the server is not sending its intermediate certificates)."`,
    )
  })

  it('plain HTTP at an https or wss address', () => {
    expect(describeTlsFailure({ url: URL, code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'wrong version number' }).message).toMatchInlineSnapshot(
      `"plain HTTP at an https address: https://127.0.0.1:8545 answered without TLS (its first bytes were not a TLS handshake). Use http:// for this address, or turn TLS on at the server."`,
    )
    expect(describeTlsFailure({ url: 'wss://127.0.0.1:8546', code: 'EPROTO', message: 'write EPROTO wrong version number' }).message).toMatchInlineSnapshot(
      `"plain HTTP at a wss address: wss://127.0.0.1:8546 answered without TLS (its first bytes were not a TLS handshake). Use ws:// for this address, or turn TLS on at the server."`,
    )
  })

  it('anything else: the TLS error code and its text', () => {
    expect(describeTlsFailure({ url: URL, code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', message: 'tlsv1 alert protocol version\n' })).toMatchInlineSnapshot(`
      {
        "kind": "other",
        "message": "TLS failure at https://127.0.0.1:8545 (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION): tlsv1 alert protocol version",
      }
    `)
  })

  it('gives every failure its own words', () => {
    const codes = [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_HAS_EXPIRED',
      'CERT_NOT_YET_VALID',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'ERR_SSL_WRONG_VERSION_NUMBER',
      'CERT_REVOKED',
    ]
    const openings = codes.map((code) => describeTlsFailure({ url: URL, code, certificate: certificate() }).message.split(':')[0])
    expect(new Set(openings).size).toBe(codes.length)
  })
})
