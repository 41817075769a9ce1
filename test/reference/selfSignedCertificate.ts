import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Tests only: a throwaway self-signed certificate and key (PEM) for `names` (IP addresses or DNS
 * names), made at test time with the openssl command; undefined when openssl is not installed.
 */
export function selfSignedCertificate(names: string[] = ['127.0.0.1']): { cert: string; key: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'l2conf-ref-tls-'))
  const san = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',')
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${names[0] ?? 'localhost'}`,
        '-addext',
        `subjectAltName=${san}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') }
  } catch {
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
