import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadTlsMaterial } from './loadTlsMaterial.js'
import { selfSignedCertificate } from '../../test/reference/selfSignedCertificate.js'

const first = selfSignedCertificate()
const second = selfSignedCertificate()
const dir = mkdtempSync(join(tmpdir(), 'l2conf-tls-material-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}

describe.skipIf(first === undefined || second === undefined)('loadTlsMaterial', () => {
  it('reads a certificate and its key', () => {
    const material = loadTlsMaterial(file('cert.pem', first!.cert), file('key.pem', first!.key))
    expect(material).toEqual({ cert: first!.cert, key: first!.key })
  })

  it('refuses, naming the flag and the file, what cannot serve TLS', () => {
    const cert = file('cert.pem', first!.cert)
    const key = file('key.pem', first!.key)
    const cases: Array<[string, string, string]> = [
      [join(dir, 'missing.pem'), key, `--tls-cert: cannot read ${join(dir, 'missing.pem')}: no such file`],
      [cert, dir, `--tls-key: cannot read ${dir}: it is a directory`],
      [key, key, `--tls-cert: ${key} holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)`],
      [cert, cert, `--tls-key: ${cert} holds no PEM private key (expected -----BEGIN ... PRIVATE KEY-----)`],
      [
        file('garbage-cert.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
        key,
        `--tls-cert: ${join(dir, 'garbage-cert.pem')} is not a readable certificate`,
      ],
      [
        cert,
        file('garbage-key.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
        `--tls-key: ${join(dir, 'garbage-key.pem')} is not a readable private key`,
      ],
      [cert, file('other-key.pem', second!.key), `--tls-key: ${join(dir, 'other-key.pem')} is not the private key of the certificate in ${cert}`],
    ]
    for (const [certFile, keyFile, message] of cases) {
      expect(() => loadTlsMaterial(certFile, keyFile), `${certFile} ${keyFile}`).toThrowError(message)
    }
  })
})
