import { createServer, request as httpRequest, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { packageRoot } from '../cli/packageInfo.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { REPORT_PATH, startProxy, type ProxyOptions, type RunningProxy } from './startProxy.js'
import { currentProxyReport } from './writeProxyReport.js'

/**
 * The proxy in front of a throwaway upstream that answers as oddly as HTTP allows (a teapot status,
 * repeated headers, chunked bytes that are not JSON, an answer cut off, one larger than the judging
 * bound) and a WebSocket server that echoes text and binary frames: what a client gets through the
 * proxy is what it gets directly.
 */
let upstream: Server
let wss: WebSocketServer
let base: string
let seen: string[] = []
let authorizations: Array<string | undefined> = []
let specs: ProxyOptions['specs']
const proxies: RunningProxy[] = []

beforeAll(async () => {
  specs = { openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')), openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')) }
  upstream = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`)
    authorizations.push(request.headers.authorization)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = new URL(request.url ?? '/', 'http://upstream').pathname
      let id: unknown = null
      try {
        id = (JSON.parse(body.toString()) as { id?: unknown } | null)?.id ?? null
      } catch {
        id = null
      }
      if (path === '/teapot') {
        response.writeHead(418, [
          ['Content-Type', 'text/x-odd; charset=latin1'],
          ['Set-Cookie', 'a=1'],
          ['Set-Cookie', 'b=2'],
          ['X-Echo-Length', String(body.length)],
        ])
        response.write(Buffer.from([0xff, 0x00, 0xfe]))
        response.end(body)
      } else if (path === '/cut') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
        response.write('{"jsonrpc":"2.0","id":1,"result":"')
        setTimeout(() => response.destroy(), 20)
      } else if (path === '/unframeable') {
        // An answer no HTTP/1.1 reader can frame (a transfer coding other than chunked, then bytes until the close), written raw.
        response.socket!.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n\x1f\x8b not really gzip')
      } else if (path === '/big') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(10_000) }))
      } else {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x385' }))
      }
    })
  })
  wss = new WebSocketServer({ server: upstream })
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (!isBinary && String(data) === 'close please') return socket.close(4001, 'asked to')
      socket.send(data, { binary: isBinary })
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()))
  wss.close()
  await new Promise((resolve) => upstream.close(resolve))
})

async function proxyFor(options: Partial<ProxyOptions> = {}): Promise<RunningProxy> {
  const proxy = await startProxy({ upstream: base, wsUpstream: base.replace('http', 'ws'), port: 0, specs, ...options })
  proxies.push(proxy)
  return proxy
}

/** An HTTP exchange as raw as node gives it: status, the raw header list (hop-by-hop and date left out), the body bytes. */
function raw(url: string, method: string, body?: Buffer): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const headers: string[] = []
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i]!.toLowerCase()
          if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers.push(`${name}: ${response.rawHeaders[i + 1]}`)
        }
        resolve({ status: response.statusCode!, headers: headers.sort(), body: Buffer.concat(chunks) })
      })
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20))

describe('startProxy', () => {
  it('forwards status, headers that matter and body bytes as the upstream sent them, either way', async () => {
    const proxy = await proxyFor()
    const body = Buffer.from([0x7b, 0x00, 0xc3, 0x28, 0x7d])
    expect(await raw(`${proxy.rpc}/teapot?x=1`, 'POST', body)).toEqual(await raw(`${base}/teapot?x=1`, 'POST', body))
    expect(seen.slice(-2)).toEqual(['POST /teapot?x=1', 'POST /teapot?x=1'])
    const call = Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}')
    expect(await raw(proxy.rpc, 'POST', call)).toEqual(await raw(base, 'POST', call))
    await settle()
    // The teapot (not JSON) and the call were judged: the first is no JSON-RPC answer, the call is sound.
    expect(proxy.tally.exchanges).toBe(2)
    expect(proxy.tally.requirements.get('RPC-STANDARD')).toMatchObject({ judged: 1, violations: 0 })
  })

  it('adds --header to what goes upstream, and masks its value in the report, whose curl line names it as a placeholder', async () => {
    const secret = 'Bearer s3cr3t-t0ken-4-upstream'
    const proxy = await proxyFor({ headers: { Authorization: secret } })
    authorizations = []
    // The upstream answers eth_getAccounts (x-blocked) with a result: a finding, with this exchange as evidence.
    await raw(proxy.rpc, 'POST', Buffer.from('{"jsonrpc":"2.0","method":"eth_getAccounts","params":[],"id":1}'))
    expect(authorizations).toEqual([secret])
    await settle()
    const settings = { upstream: base, specs, tool: { name: 'l2conf', version: '0' }, strict: false, secrets: [secret], redact: [], options: {} }
    const report = currentProxyReport(proxy, settings, 'test')
    const blocked = report.results.find((r) => r.requirement === 'BLOCKED-ACCOUNTS')
    expect(blocked?.status).toBe('failed')
    expect(blocked?.reproduce).toContain('-H "Authorization: $L2CONF_HEADER_1"')
    expect(JSON.stringify(report)).not.toContain('s3cr3t-t0ken-4-upstream')
  })

  it('the upstream down: the client gets a 502 and the tally says so', async () => {
    const proxy = await proxyFor({ upstream: 'http://127.0.0.1:9' })
    const answer = await raw(proxy.rpc, 'POST', Buffer.from('{}'))
    expect(answer.status).toBe(502)
    expect(JSON.parse(answer.body.toString())).toMatchObject({ error: expect.stringMatching(/^l2conf proxy: the upstream did not answer/) })
    await settle()
    expect(proxy.tally.upstreamFailures.count).toBe(1)
  })

  it('a WebSocket upstream down: the upgrade is answered 502, and the tally says so', async () => {
    const proxy = await proxyFor({ wsUpstream: 'ws://127.0.0.1:9' })
    const socket = new WebSocket(proxy.ws!)
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode))
      socket.once('open', () => resolve(undefined))
      socket.once('error', () => undefined)
    })
    expect(status).toBe(502)
    await settle()
    expect(proxy.tally.upstreamFailures.samples[0]).toMatch(/^WebSocket: the upstream did not open/)
  })

  it('an answer cut off upstream is cut for the client too; one past the judging bound is forwarded whole, unjudged', async () => {
    const proxy = await proxyFor({ judgeBytes: 1024 })
    await expect(raw(`${proxy.rpc}/cut`, 'POST', Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}'))).rejects.toThrow()
    const big = await raw(`${proxy.rpc}/big`, 'POST', Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}'))
    expect(big.body.length).toBeGreaterThan(10_000)
    await settle()
    expect(proxy.tally.unjudged.samples.join('\n')).toContain('past the judging bound')
    expect(proxy.tally.requirements.get('RPC-ENVELOPE')).toMatchObject({ violations: 1 })
  })

  it('relays a connection at the TCP level byte for byte (pipelined requests, a half-close) and judges each exchange', async () => {
    const proxy = await proxyFor()
    expect(proxy.forwarding).toEqual({ level: 'tcp' })
    const call = (id: number, last = false): string => {
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id })
      return `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${last ? 'Connection: close\r\n' : ''}Content-Length: ${body.length}\r\n\r\n${body}`
    }
    const pipelined = call(1) + call(2) + call(3, true)
    /** Everything one connection receives after sending the pipelined requests at once, the Date header's value masked. */
    const received = (url: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1')
        const chunks: Buffer[] = []
        socket.on('data', (chunk: Buffer) => chunks.push(chunk))
        socket.on('end', () =>
          resolve(
            Buffer.concat(chunks)
              .toString('latin1')
              .replace(/^Date: .*$/gim, 'Date: -'),
          ),
        )
        socket.on('error', reject)
        socket.end(pipelined)
      })
    const through = await received(proxy.rpc)
    expect(through).toBe(await received(base))
    expect(through.match(/HTTP\/1\.1 200/g)).toHaveLength(3)
    await settle()
    expect(proxy.tally.traffic.http).toBe(3)
    expect(proxy.tally.requirements.get('RPC-ENVELOPE')).toMatchObject({ judged: 3, violations: 0 })
  })

  it('relays a stream the tap cannot frame byte for byte all the same, and counts it unjudged', async () => {
    const proxy = await proxyFor()
    const received = (url: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1')
        const chunks: Buffer[] = []
        socket.on('data', (chunk: Buffer) => chunks.push(chunk))
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
        socket.on('error', reject)
        socket.write('POST /unframeable HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}')
      })
    const through = await received(proxy.rpc)
    expect(through).toBe(await received(base))
    expect(through).toContain('not really gzip')
    await settle()
    expect(proxy.tally.unjudged.samples.join('\n')).toMatch(/could not be framed \(a transfer coding the tap does not frame: gzip\)/)
    expect(proxy.tally.requirements.size).toBe(0)
  })

  it('forwards one request at a time where the TCP level would change nothing it must: --header, an upstream path, --forward http', async () => {
    expect((await proxyFor({ headers: { Authorization: 'Bearer x' } })).forwarding).toMatchObject({ level: 'http', why: '--header adds to each request' })
    expect((await proxyFor({ upstream: `${base}/rpc` })).forwarding).toMatchObject({ level: 'http' })
    expect((await proxyFor({ upstream: base.replace('127.0.0.1', 'node.example') })).forwarding.why).toMatch(/Host header/)
    expect((await proxyFor({ forwarding: 'http' })).forwarding).toMatchObject({ level: 'http' })
  })

  it('answers GET /.l2conf/report itself and never forwards it', async () => {
    const proxy = await proxyFor({ onReportRequest: async () => ({ status: 200, body: '{"written":true}' }) })
    const before = seen.length
    expect(await raw(`${proxy.rpc}${REPORT_PATH}`, 'GET')).toMatchObject({ status: 200, body: Buffer.from('{"written":true}') })
    expect(seen.length).toBe(before)
    // Later on a keep-alive connection relayed at the TCP level, alone or pipelined behind a call: answered in order, the call by the node.
    const body = '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":5}'
    const call = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    const report = `GET ${REPORT_PATH} HTTP/1.1\r\nHost: x\r\n\r\n`
    for (const writes of [[call, report], [call + report]]) {
      const socket = connect(Number(new URL(proxy.rpc).port), '127.0.0.1')
      let text = ''
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
      socket.write(writes[0]!)
      if (writes[1] !== undefined) {
        // The call answered first: the connection is relayed, idle, when the report is asked for.
        await expect.poll(() => text.includes('"result":"0x385"')).toBe(true)
        socket.write(writes[1])
      }
      await expect.poll(() => text.endsWith('{"written":true}')).toBe(true)
      expect(text.indexOf('"result":"0x385"')).toBeLessThan(text.indexOf('{"written":true}'))
      expect(text.match(/HTTP\/1\.1 200/g)).toHaveLength(2)
      socket.destroy()
    }
    expect(seen.slice(before)).toEqual(['POST /', 'POST /'])
  })

  it('relays WebSocket frames both ways unchanged, text and binary, and the close code', async () => {
    const proxy = await proxyFor()
    const socket = new WebSocket(proxy.ws!)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const received: Array<{ data: Buffer; binary: boolean }> = []
    socket.on('message', (data, binary) => received.push({ data: data as Buffer, binary }))
    const frames: Array<{ data: Buffer; binary: boolean }> = [
      { data: Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}'), binary: false },
      { data: Buffer.from([0, 1, 2, 255]), binary: true },
      { data: Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1'), binary: false },
    ]
    for (const frame of frames) socket.send(frame.data, { binary: frame.binary })
    await expect.poll(() => received.length).toBe(3)
    expect(received).toEqual(frames)
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    socket.send('close please')
    expect(await closed).toBe(4001)
  })

  it('never crashes on hostile input from either side', async () => {
    const proxy = await proxyFor()
    const port = Number(new URL(proxy.rpc).port)
    for (const junk of [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      'POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n{',
    ]) {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', () => undefined)
      socket.end(junk)
      // A request left short waits for its body, as it would at the node: the client gives up.
      await new Promise((resolve) => setTimeout(resolve, 100))
      socket.destroy()
    }
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    expect((await raw(proxy.rpc, 'POST', Buffer.from(deep))).status).toBe(200)
    await settle()
    expect((await raw(proxy.rpc, 'POST', Buffer.from('{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":2}'))).status).toBe(200)
  })
})
