import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { HttpTransport } from './httpTransport.js'
import { RequestGate } from './requestGate.js'
import { RestClient } from './restClient.js'
import { httpServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'
import type { TransportOptions } from './transportOptions.js'
import { WsTransport } from './wsTransport.js'

/** A self-signed certificate for 127.0.0.1, made for this run (needs the openssl command). */
function selfSignedCertificate(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'l2conf-tls-'))
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
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') }
  } catch {
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const certificate = selfSignedCertificate()

describe.skipIf(certificate === undefined)('transports over TLS (https, wss)', () => {
  let server: Server
  let port: number
  let plain: ThrowawayServer
  const answer = '{"jsonrpc":"2.0","id":1,"result":"0x1"}'

  beforeAll(async () => {
    server = createServer({ key: certificate!.key, cert: certificate!.cert }, (request, response) => {
      request.resume()
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(answer)
    })
    new WebSocketServer({ server }).on('connection', (socket) => socket.on('message', () => socket.send(answer)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    plain = await httpServer((_request, response) => response.end(answer))
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await plain.close()
  })

  const options = (tls?: TransportOptions['tls']): TransportOptions => ({
    timeoutMs: 2000,
    maxResponseBytes: 1024 * 1024,
    headers: {},
    gate: new RequestGate({ concurrency: 2 }),
    ...(tls === undefined ? {} : { tls }),
  })

  it('fails TLS on a certificate it cannot verify', async () => {
    const http = new HttpTransport(`https://127.0.0.1:${port}`, options())
    const exchange = await http.call('eth_chainId')
    await http.close()
    expect(exchange.failure?.code).toBe('L2CONF_ERR_TLS')
    await expect(WsTransport.connect(`wss://127.0.0.1:${port}`, options())).rejects.toMatchObject({ code: 'L2CONF_ERR_TLS' })
  })

  it('trusts the certificate given as tls.ca, over https and wss', async () => {
    const http = new HttpTransport(`https://127.0.0.1:${port}`, options({ ca: certificate!.cert }))
    const rest = new RestClient(`https://127.0.0.1:${port}/api`, options({ ca: certificate!.cert }))
    const ws = await WsTransport.connect(`wss://127.0.0.1:${port}`, options({ ca: certificate!.cert }))
    try {
      expect((await http.call('eth_chainId')).response).toEqual(JSON.parse(answer))
      expect((await rest.request('/portfolio')).response).toEqual(JSON.parse(answer))
      expect((await ws.call('eth_chainId')).response).toEqual(JSON.parse(answer))
    } finally {
      await Promise.all([http.close(), rest.close(), ws.close()])
    }
  })

  it('skips the check with tls.insecure', async () => {
    const http = new HttpTransport(`https://127.0.0.1:${port}`, options({ insecure: true }))
    expect((await http.call('eth_chainId')).failure).toBeUndefined()
    await http.close()
  })

  it('fails TLS when an https address answers in plain HTTP', async () => {
    const http = new HttpTransport(plain.url.replace('http:', 'https:'), options())
    const exchange = await http.call('eth_chainId')
    await http.close()
    expect(exchange.failure?.code).toBe('L2CONF_ERR_TLS')
  })
})
