import { rootCertificates } from 'node:tls'
import { afterAll, describe, expect, it } from 'vitest'
import { transportTls } from './transportTls.js'
import { testCertificates } from '../../test/tls/testCertificates.js'

const pki = testCertificates()

describe.skipIf(pki === undefined)('transportTls', () => {
  afterAll(() => pki!.remove())

  it("leaves Node's defaults alone without --ca and --insecure", () => {
    expect(transportTls({ ca: null, insecure: false })).toBeUndefined()
  })

  it('trusts the --ca certificates in addition to the public CAs', () => {
    const ca = transportTls({ ca: pki!.ca.certFile, insecure: false })?.ca as string
    expect(ca.startsWith(pki!.ca.cert)).toBe(true)
    expect(ca).toContain(rootCertificates[0])
    expect(ca.match(/BEGIN CERTIFICATE/g)).toHaveLength(rootCertificates.length + 1)
  })

  it('turns verification off with --insecure', () => {
    expect(transportTls({ ca: null, insecure: true })).toEqual({ insecure: true })
  })
})
