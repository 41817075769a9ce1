import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { readCaFile } from './readCaFile.js'
import { testCertificates } from '../../test/tls/testCertificates.js'

const pki = testCertificates()

describe.skipIf(pki === undefined)('readCaFile', () => {
  afterAll(() => pki!.remove())

  it('reads one or more PEM certificates, dropping anything around them', () => {
    expect(readCaFile(pki!.ca.certFile)).toBe(pki!.ca.cert)
    const bundle = join(pki!.dir, 'bundle.pem')
    writeFileSync(bundle, `# our CAs\n${pki!.ca.cert}\n${pki!.selfSigned.cert}`)
    expect(readCaFile(bundle)).toBe(`${pki!.ca.cert.trim()}\n${pki!.selfSigned.cert.trim()}\n`)
  })

  it('refuses with a usage error (exit 2) naming the file', () => {
    const garbage = join(pki!.dir, 'garbage.pem')
    writeFileSync(garbage, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')
    const cases: Array<[string, string]> = [
      [join(pki!.dir, 'missing.pem'), `--ca: cannot read ${join(pki!.dir, 'missing.pem')}: no such file`],
      [pki!.dir, `--ca: cannot read ${pki!.dir}: it is a directory`],
      [pki!.ca.keyFile, `--ca: ${pki!.ca.keyFile} holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)`],
      [garbage, `--ca: certificate 1 of ${garbage} cannot be read`],
    ]
    for (const [file, message] of cases) {
      let caught: unknown
      try {
        readCaFile(file)
      } catch (error) {
        caught = error
      }
      expect(isHarnessError(caught, 'L2CONF_ERR_USAGE'), file).toBe(true)
      expect((caught as Error).message).toContain(message)
    }
  })
})
