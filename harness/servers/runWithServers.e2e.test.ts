import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'
import { testCertificates } from '../../test/tls/testCertificates.js'

const pki = testCertificates()

function hostOf(url: string): string {
  return new URL(url).host
}

async function run(args: string[]): Promise<{ code: number | null; stderr: string; report: Report }> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-servers-'))
  const result = await runCli(['run', ...args, '--no-discover', '--report-dir', dir])
  return { code: result.code, stderr: result.stderr, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report }
}

function ran(report: Report): string[] {
  return report.results.filter((result) => result.status !== 'skipped').map((result) => `${result.status} ${result.requirement} ${result.id}`)
}

describe("l2conf run --server: target addresses from the specs' servers", () => {
  let plain: ReferenceHandle
  let secure: ReferenceHandle | undefined
  beforeAll(async () => {
    ;[plain, secure] = await Promise.all([
      startReference(),
      pki === undefined ? Promise.resolve(undefined) : startReference({ args: ['--tls-cert', pki.server.certFile, '--tls-key', pki.server.keyFile] }),
    ])
  })
  afterAll(async () => {
    await Promise.all([plain?.stop(), secure?.stop()])
    pki?.remove()
  })

  it("openapi.yaml Development, its host set to the reference's REST port (scheme by default http), with --rpc", async () => {
    const { code, stderr, report } = await run(['--rpc', plain.rpc, '--server', 'Development', '--var', `host=${hostOf(plain.rest)}`, '--only', 'REST-SHAPE'])
    expect(code, stderr.slice(-2000)).toBe(0)
    expect(stderr).toContain(`l2conf: --server Development (openapi.yaml) gives --rest ${plain.rest}`)
    expect(report.target).toEqual({ rpc: plain.rpc, ws: null, rest: plain.rest })
    expect(ran(report).length).toBeGreaterThan(0)
    expect(ran(report).every((line) => line.startsWith('passed REST-SHAPE'))).toBe(true)
  })

  it.skipIf(pki === undefined)(
    'every address from a server: openrpc.json mainnet-https and mainnet-websocket, openapi.yaml development (scheme https), over TLS',
    async () => {
      const { code, stderr, report } = await run([
        '--server',
        'mainnet-https',
        '--server',
        'MAINNET-WEBSOCKET',
        '--server',
        'development',
        '--var',
        `mainnet-https.host=${hostOf(secure!.rpc)}`,
        '--var',
        `mainnet-websocket.host=${hostOf(secure!.ws)}`,
        '--var',
        'scheme=https',
        '--var',
        `Development.host=${hostOf(secure!.rest)}`,
        '--ca',
        pki!.ca.certFile,
        '--only',
        'GAS-SHAPE',
        '--only',
        'RPC-WS',
        '--only',
        'REST-SHAPE',
      ])
      expect(code, stderr.slice(-2000)).toBe(0)
      expect(report.target).toEqual({ rpc: secure!.rpc, ws: secure!.ws, rest: secure!.rest })
      expect(new Set(ran(report).map((line) => line.split(' ')[1]))).toEqual(new Set(['GAS-SHAPE', 'RPC-WS', 'REST-SHAPE']))
      expect(ran(report).every((line) => line.startsWith('passed'))).toBe(true)
    },
  )

  it('exits 2, naming what is wrong: an unknown server, a --var nothing takes, an address given twice, no node address', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['--server', 'Staging'],
        '--server Staging: no such server; the specs name openrpc.json: mainnet-https, mainnet-websocket; openapi.yaml: Production, Development, Preview',
      ],
      [
        ['--rpc', plain.rpc, '--server', 'Development', '--var', 'hots=127.0.0.1:1'],
        '--var hots=... is not a variable of the chosen servers (Development: scheme, host); a typo?',
      ],
      [
        ['--rpc', plain.rpc, '--server', 'Development', '--var', 'scheme=ftp'],
        "--var scheme=ftp: server 'Development' (openapi.yaml) allows scheme to be one of http, https",
      ],
      [['--rpc', plain.rpc, '--rest', plain.rest, '--server', 'Production'], '--rest and --server Production both give the REST address: give one of them'],
      [['--server', 'Preview'], "the node's JSON-RPC address is needed too: add --rpc URL or --server mainnet-https (openrpc.json)"],
    ]
    const results = await Promise.all(cases.map(([args]) => runCli(['run', ...args])))
    results.forEach((result, index) => {
      const [args, message] = cases[index] as [string[], string]
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(`l2conf run: ${message}`)
    })
  })
})
