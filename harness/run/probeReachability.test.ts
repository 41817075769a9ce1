import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCertificates } from '../../test/tls/testCertificates.js'
import { httpServer, refusedUrl, wsServer } from '../../test/servers/throwawayServer.js'
import { tlsServer, type TlsTestServer } from '../../test/tls/tlsServer.js'
import { probeReachability } from './probeReachability.js'
import { parseRunArgs, type RunConfig } from './runConfig.js'

const pki = testCertificates()
const root = join(import.meta.dirname, '../..')

function config(args: string[]): RunConfig {
  return parseRunArgs([...args, '--timeout', '3000'], { openrpc: join(root, 'openrpc.json'), openapi: join(root, 'openapi.yaml'), env: {} }) as RunConfig
}

describe.skipIf(pki === undefined)('probeReachability over TLS', () => {
  let good: TlsTestServer, selfSigned: TlsTestServer, expired: TlsTestServer, plain: TlsTestServer
  beforeAll(async () => {
    ;[good, selfSigned, expired, plain] = (await Promise.all([pki!.server, pki!.selfSigned, pki!.expired, null].map(tlsServer))) as [
      TlsTestServer,
      TlsTestServer,
      TlsTestServer,
      TlsTestServer,
    ]
  })
  afterAll(async () => {
    await Promise.all([good, selfSigned, expired, plain].map((server) => server.close()))
    pki!.remove()
  })

  it('reaches a target whose certificate verifies with --ca', async () => {
    expect(await probeReachability(config(['--rpc', good.url, '--rest', `${good.url}/api`, '--ca', pki!.ca.certFile]))).toEqual({ reachable: true })
    // The certificate verifies at the WebSocket address too, but that server completes no upgrade: unreachable, named.
    const ws = good.url.replace('https', 'wss')
    expect(await probeReachability(config(['--rpc', good.url, '--ws', ws, '--ca', pki!.ca.certFile]))).toMatchObject({
      reachable: false,
      reason: expect.stringContaining(ws),
    })
  })

  it('names the failure at the JSON-RPC address', async () => {
    expect(await probeReachability(config(['--rpc', good.url]))).toMatchObject({
      reachable: false,
      tls: 'unknown-ca',
      reason: expect.stringMatching(/^unknown CA: /),
    })
    expect(await probeReachability(config(['--rpc', plain.url]))).toMatchObject({ reachable: false, tls: 'plain-http' })
  })

  it('checks the WebSocket and REST addresses too: other servers, other certificates', async () => {
    const ca = ['--ca', pki!.ca.certFile]
    const ws = await probeReachability(config(['--rpc', good.url, '--ws', selfSigned.url.replace('https', 'wss'), ...ca]))
    expect(ws).toMatchObject({ reachable: false, tls: 'self-signed', reason: expect.stringContaining(selfSigned.url.replace('https', 'wss')) })
    const rest = await probeReachability(config(['--rpc', good.url, '--rest', `${expired.url}/api`, ...ca]))
    expect(rest).toMatchObject({ reachable: false, tls: 'expired', reason: expect.stringContaining('expired on 2020-01-02 00:00:00 UTC') })
  })

  it('lets --insecure past certificate failures, but not past plain HTTP', async () => {
    expect(await probeReachability(config(['--rpc', selfSigned.url, '--rest', `${expired.url}/api`, '--insecure']))).toEqual({ reachable: true })
    expect(await probeReachability(config(['--rpc', plain.url, '--insecure']))).toMatchObject({ reachable: false, tls: 'plain-http' })
  })
})

describe('probeReachability of every address', () => {
  const chainId = (_request: unknown, response: { writeHead(status: number, headers: Record<string, string>): void; end(body: string): void }): void => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}')
  }

  it('names an unreachable --ws or --rest address, as an unreachable --rpc', async () => {
    const rpc = await httpServer(chainId)
    const refused = await refusedUrl()
    try {
      const ws = await probeReachability(config(['--rpc', rpc.url, '--ws', refused.replace('http', 'ws')]))
      expect(ws).toMatchObject({ reachable: false, reason: expect.stringContaining(refused.replace('http', 'ws')) })
      const rest = await probeReachability(config(['--rpc', rpc.url, '--rest', `${refused}/api`]))
      expect(rest).toMatchObject({ reachable: false, reason: expect.stringContaining(`${refused}/api`) })
      // The JSON-RPC server refuses the upgrade (it has no WebSocket): no WebSocket at that address either.
      const noUpgrade = await probeReachability(config(['--rpc', rpc.url, '--ws', rpc.url.replace('http', 'ws')]))
      expect(noUpgrade).toMatchObject({ reachable: false, reason: expect.stringMatching(/WebSocket/) })
    } finally {
      await rpc.close()
    }
  })

  it('reaches a target whose three addresses answer', async () => {
    const rpc = await httpServer(chainId)
    const ws = await wsServer(() => undefined)
    try {
      expect(await probeReachability(config(['--rpc', rpc.url, '--ws', ws.url, '--rest', `${rpc.url}/api`]))).toEqual({ reachable: true })
    } finally {
      await Promise.all([rpc.close(), ws.close()])
    }
  })

  it('says once that a server is not JSON-RPC at all (an HTML page), without calling it unreachable', async () => {
    const html = await httpServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' })
      response.end('<html><body>Not Found</body></html>')
    })
    try {
      const reach = await probeReachability(config(['--rpc', html.url]))
      expect(reach).toMatchObject({ reachable: true, notJsonRpc: expect.stringContaining('<html><body>Not Found') })
    } finally {
      await html.close()
    }
  })
})
