import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCertificates } from '../tls/testing/testCertificates.js'
import { tlsServer, type TlsTestServer } from '../tls/testing/tlsServer.js'
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
    ;[good, selfSigned, expired, plain] = await Promise.all([pki!.server, pki!.selfSigned, pki!.expired, null].map(tlsServer)) as [TlsTestServer, TlsTestServer, TlsTestServer, TlsTestServer]
  })
  afterAll(async () => {
    await Promise.all([good, selfSigned, expired, plain].map((server) => server.close()))
    pki!.remove()
  })

  it('reaches a target whose certificate verifies with --ca', async () => {
    expect(await probeReachability(config(['--rpc', good.url, '--ws', good.url.replace('https', 'wss'), '--rest', `${good.url}/api`, '--ca', pki!.ca.certFile]))).toEqual({ reachable: true })
  })

  it('names the failure at the JSON-RPC address', async () => {
    expect(await probeReachability(config(['--rpc', good.url]))).toMatchObject({ reachable: false, tls: 'unknown-ca', reason: expect.stringMatching(/^unknown CA: /) })
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
