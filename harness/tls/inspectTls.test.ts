import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectTls } from './inspectTls.js'
import { testCertificates } from '../../test/tls/testCertificates.js'
import { tlsServer, type TlsTestServer } from '../../test/tls/tlsServer.js'

const pki = testCertificates()

describe.skipIf(pki === undefined)('inspectTls', () => {
  let servers: TlsTestServer[] = []
  let good: string, selfSigned: string, expired: string, notYetValid: string, otherName: string, plain: string
  beforeAll(async () => {
    servers = await Promise.all([pki!.server, pki!.selfSigned, pki!.expired, pki!.notYetValid, pki!.otherName, null].map(tlsServer))
    ;[good, selfSigned, expired, notYetValid, otherName, plain] = servers.map((server) => server.url) as [string, string, string, string, string, string]
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    pki!.remove()
  })
  const ca = { ca: pki?.ca.cert ?? '' }

  it('verifies a certificate issued by the given CA, and reads it', async () => {
    const inspection = await inspectTls(good, ca, 2_000)
    expect(inspection).toMatchObject({
      outcome: 'verified',
      certificate: { subject: 'CN=127.0.0.1', issuer: 'CN=l2conf test CA', names: ['127.0.0.1', 'localhost'] },
    })
  })

  it("names each refusal with Node's code and the presented certificate", async () => {
    expect(await inspectTls(good, undefined, 2_000)).toMatchObject({
      outcome: 'refused',
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      certificate: { issuer: 'CN=l2conf test CA' },
    })
    expect(await inspectTls(selfSigned, undefined, 2_000)).toMatchObject({
      outcome: 'refused',
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      certificate: { subject: 'CN=127.0.0.1', issuer: 'CN=127.0.0.1' },
    })
    expect(await inspectTls(selfSigned, ca, 2_000)).toMatchObject({ outcome: 'refused', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })
    expect(await inspectTls(expired, ca, 2_000)).toMatchObject({
      outcome: 'refused',
      code: 'CERT_HAS_EXPIRED',
      certificate: { validFrom: '2020-01-01T00:00:00.000Z', validTo: '2020-01-02T00:00:00.000Z' },
    })
    expect(await inspectTls(notYetValid, ca, 2_000)).toMatchObject({
      outcome: 'refused',
      code: 'CERT_NOT_YET_VALID',
      certificate: { validFrom: '2099-01-01T00:00:00.000Z' },
    })
    expect(await inspectTls(otherName, ca, 2_000)).toMatchObject({
      outcome: 'refused',
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      certificate: { names: ['node.other.example'] },
    })
  })

  it('tells a failed handshake (plain HTTP) from no connection at all', async () => {
    expect(await inspectTls(plain, undefined, 2_000)).toMatchObject({ outcome: 'handshake-failed', code: 'ERR_SSL_WRONG_VERSION_NUMBER' })
    expect(await inspectTls('https://127.0.0.1:9', undefined, 2_000)).toMatchObject({ outcome: 'no-connection', code: 'ECONNREFUSED' })
  })
})
