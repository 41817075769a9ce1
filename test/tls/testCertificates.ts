import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A certificate and its key, as PEM text and as files (for --ca, --tls-cert, --tls-key). */
export interface TestCertificate {
  cert: string
  key: string
  certFile: string
  keyFile: string
}

/** A throwaway PKI for TLS tests, in a temporary directory that `remove()` deletes. */
export interface TestCertificates {
  dir: string
  /** The test CA (its certificate is what --ca trusts). */
  ca: TestCertificate
  /** Issued by the CA for 127.0.0.1 and localhost, valid now. */
  server: TestCertificate
  /** Issued by the CA for 127.0.0.1, valid only on 2020-01-01. */
  expired: TestCertificate
  /** Issued by the CA for 127.0.0.1, valid only from 2099-01-01. */
  notYetValid: TestCertificate
  /** Issued by the CA for node.other.example only (a host name mismatch at 127.0.0.1). */
  otherName: TestCertificate
  /** Signed by itself, for 127.0.0.1. */
  selfSigned: TestCertificate
  remove(): void
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']

function openssl(args: string[], dir: string): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
}

function files(dir: string, name: string): TestCertificate {
  const certFile = join(dir, `${name}.pem`)
  const keyFile = join(dir, `${name}-key.pem`)
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile, keyFile }
}

/**
 * Tests only: a test CA and server certificates made now with the openssl command (nothing is
 * committed), including the broken ones a TLS failure needs: expired, not yet valid, for another
 * name, self-signed. Undefined when openssl is not installed.
 */
export function testCertificates(): TestCertificates | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'l2conf-pki-'))
  try {
    openssl(
      [
        'req',
        '-x509',
        ...EC,
        '-days',
        '3',
        '-subj',
        '/CN=l2conf test CA',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
        '-keyout',
        'ca-key.pem',
        '-out',
        'ca.pem',
      ],
      dir,
    )
    // `openssl ca` rather than `x509 -req`: it can set any validity period, past or future.
    writeFileSync(join(dir, 'index.txt'), '')
    writeFileSync(join(dir, 'serial'), '1000\n')
    writeFileSync(
      join(dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = test_ca',
        '[test_ca]',
        `dir = ${dir}`,
        'database = $dir/index.txt',
        'new_certs_dir = $dir',
        'serial = $dir/serial',
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        '[any]',
        'commonName = supplied',
        '',
      ].join('\n'),
    )
    const issue = (name: string, subjectAltName: string, validity: string[]): void => {
      writeFileSync(join(dir, `${name}.ext`), `basicConstraints = CA:FALSE\nextendedKeyUsage = serverAuth\nsubjectAltName = ${subjectAltName}\n`)
      const commonName = subjectAltName.replace(/^(IP|DNS):/, '').split(',')[0] as string
      openssl(['req', ...EC, '-subj', `/CN=${commonName}`, '-keyout', `${name}-key.pem`, '-out', `${name}.csr`], dir)
      openssl(
        [
          'ca',
          '-batch',
          '-notext',
          '-config',
          'ca.cnf',
          '-cert',
          'ca.pem',
          '-keyfile',
          'ca-key.pem',
          '-in',
          `${name}.csr`,
          '-out',
          `${name}.pem`,
          '-extfile',
          `${name}.ext`,
          ...validity,
        ],
        dir,
      )
    }
    issue('server', 'IP:127.0.0.1,DNS:localhost', ['-days', '2'])
    issue('expired', 'IP:127.0.0.1', ['-startdate', '20200101000000Z', '-enddate', '20200102000000Z'])
    issue('not-yet-valid', 'IP:127.0.0.1', ['-startdate', '20990101000000Z', '-enddate', '20990102000000Z'])
    issue('other-name', 'DNS:node.other.example', ['-days', '2'])
    openssl(
      [
        'req',
        '-x509',
        ...EC,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        'self-signed-key.pem',
        '-out',
        'self-signed.pem',
      ],
      dir,
    )
    return {
      dir,
      ca: {
        cert: readFileSync(join(dir, 'ca.pem'), 'utf8'),
        key: readFileSync(join(dir, 'ca-key.pem'), 'utf8'),
        certFile: join(dir, 'ca.pem'),
        keyFile: join(dir, 'ca-key.pem'),
      },
      server: files(dir, 'server'),
      expired: files(dir, 'expired'),
      notYetValid: files(dir, 'not-yet-valid'),
      otherName: files(dir, 'other-name'),
      selfSigned: files(dir, 'self-signed'),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    }
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
}
