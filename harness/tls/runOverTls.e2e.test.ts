import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startReference } from '../reference/startReference.js'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'
import { INSECURE_NOTICE } from './insecureNotice.js'
import { testCertificates, type TestCertificate } from '../../test/tls/testCertificates.js'
import { tlsServer } from '../../test/tls/tlsServer.js'

/** Development account 6 of the reference (its own lane: no other test sends from it). */
const KEY_6 = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'
const pki = testCertificates()

afterAll(() => pki?.remove())

async function reportDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'l2conf-tls-run-'))
}

function readReport(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
}

describe.skipIf(pki === undefined)('l2conf run over TLS', () => {
  it('certifies the reference served over https and wss with a private CA (--ca, full profile, every check): exit 0', async () => {
    const reference = await startReference({ args: ['--tls-cert', pki!.server.certFile, '--tls-key', pki!.server.keyFile] })
    try {
      expect(reference.rpc).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      expect(reference.ws).toBe(reference.rpc.replace('https://', 'wss://'))
      expect(reference.rest).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api$/)
      const dir = await reportDir()
      const run = await runCli([
        'run',
        '--rpc',
        reference.rpc,
        '--ws',
        reference.ws,
        '--rest',
        reference.rest,
        '--ca',
        pki!.ca.certFile,
        '--profile',
        'full',
        '--private-key',
        KEY_6,
        '--seed',
        '5',
        '--report-dir',
        dir,
      ])
      const report = readReport(dir)
      const failed = report.results.filter((result) => result.status === 'failed').map((result) => `${result.id}: ${result.message}`)
      expect(failed, run.stderr.slice(-3000)).toEqual([])
      expect(run.code).toBe(0)
      expect(report.target).toEqual({ rpc: reference.rpc, ws: reference.ws, rest: reference.rest })
      const requirements = new Set(report.results.filter((result) => result.status === 'passed').map((result) => result.requirement))
      // Over WSS (subscriptions included) and the REST API over HTTPS, not only JSON-RPC over HTTPS.
      for (const id of ['RPC-HTTP', 'RPC-WS', 'RPC-SUBSCRIBE', 'SENDRAW', 'REST-SHAPE', 'RANGE-SHAPE']) expect(requirements).toContain(id)
      expect(report.warnings ?? []).toEqual([])
    } finally {
      await reference.stop()
    }
  })

  describe.concurrent('each TLS failure ends the run with exit 3 and says which, in stderr and report.json', () => {
    const cases: Array<[string, () => TestCertificate | null, string[], RegExp]> = [
      [
        'a self-signed certificate',
        () => pki!.selfSigned,
        [],
        /self-signed certificate: https:\/\/127\.0\.0\.1:\d+ presented a certificate signed by itself \(CN=127\.0\.0\.1\), which no CA vouches for and no --ca was given/,
      ],
      [
        'an expired certificate',
        () => pki!.expired,
        ['--ca', pki?.ca.certFile ?? ''],
        /expired certificate: https:\/\/127\.0\.0\.1:\d+ presented a certificate \(CN=127\.0\.0\.1\) that expired on 2020-01-02 00:00:00 UTC \(valid from 2020-01-01 00:00:00 UTC to 2020-01-02 00:00:00 UTC; it is now /,
      ],
      [
        'a certificate for another host name',
        () => pki!.otherName,
        ['--ca', pki?.ca.certFile ?? ''],
        /host name mismatch: asked for 127\.0\.0\.1, but the certificate of https:\/\/127\.0\.0\.1:\d+ \(CN=node\.other\.example\) is for node\.other\.example\./,
      ],
      [
        'a private CA not given with --ca',
        () => pki!.server,
        [],
        /unknown CA: https:\/\/127\.0\.0\.1:\d+ presented a certificate \(CN=127\.0\.0\.1\) signed by CN=l2conf test CA, a CA this run does not trust\. If it is a private CA, give its certificate with --ca FILE/,
      ],
      ['plain HTTP behind an https address', () => null, [], /plain HTTP at an https address: https:\/\/127\.0\.0\.1:\d+ answered without TLS/],
    ]
    it.each(cases)('%s', async (_name, certificate, flags, message) => {
      const server = await tlsServer(certificate())
      try {
        const dir = await reportDir()
        const run = await runCli(['run', '--rpc', server.url, ...flags, '--only', 'SPEC-VALID', '--no-discover', '--timeout', '5000', '--report-dir', dir])
        expect(run.code, run.stderr).toBe(3)
        expect(run.stderr).toMatch(new RegExp(`l2conf run: the target could not be reached over TLS: ${message.source}`))
        const report = readReport(dir)
        expect(report.interrupted).toMatch(message)
        expect(report.results).toEqual([])
        // Each message is its own: no other case's words in it.
        for (const [, , , other] of cases) if (other !== message) expect(run.stderr).not.toMatch(other)
      } finally {
        await server.close()
      }
    })
  })

  it('exits 2 when the --ca file cannot be read', async () => {
    const run = await runCli(['run', '--rpc', 'https://127.0.0.1:9', '--ca', join(pki!.dir, 'missing-ca.pem')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`l2conf run: --ca: cannot read ${join(pki!.dir, 'missing-ca.pem')}: no such file`)
  })

  it('--insecure against a self-signed reference: the run proceeds, and every report says nothing was verified', async () => {
    const reference = await startReference({ args: ['--tls-cert', pki!.selfSigned.certFile, '--tls-key', pki!.selfSigned.keyFile] })
    try {
      const dir = await reportDir()
      const run = await runCli([
        'run',
        '--rpc',
        reference.rpc,
        '--ws',
        reference.ws,
        '--rest',
        reference.rest,
        '--insecure',
        '--only',
        'GAS-SHAPE',
        '--only',
        'RPC-WS',
        '--only',
        'REST-SHAPE',
        '--no-discover',
        '--report-dir',
        dir,
      ])
      expect(run.code, run.stderr.slice(-3000)).toBe(0)
      const report = readReport(dir)
      const ran = report.results.filter((result) => result.status !== 'skipped')
      expect(
        ran.every((result) => result.status === 'passed'),
        JSON.stringify(ran.map((result) => [result.id, result.status, result.message])),
      ).toBe(true)
      expect(new Set(ran.map((result) => result.requirement))).toEqual(new Set(['GAS-SHAPE', 'RPC-WS', 'REST-SHAPE']))
      expect(report.warnings).toContain(INSECURE_NOTICE)
      expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(INSECURE_NOTICE)
      expect(run.stdout).toContain(INSECURE_NOTICE)
    } finally {
      await reference.stop()
    }
  })
})
