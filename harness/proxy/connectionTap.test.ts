import { describe, expect, it } from 'vitest'
import { ConnectionTap } from './connectionTap.js'
import type { ForwardedHttp } from './forwardHttp.js'

/** A tap fed by hand: what it reports, once its deferred framing has run. */
function tapped(captureBytes = 1024): {
  tap: ConnectionTap
  exchanges: ForwardedHttp[]
  stops: Array<{ reason: string; unjudged: number }>
  settle: () => Promise<void>
} {
  const exchanges: ForwardedHttp[] = []
  const stops: Array<{ reason: string; unjudged: number }> = []
  const tap = new ConnectionTap(
    { exchange: (forwarded) => exchanges.push(forwarded), stopped: (reason, unjudged) => stops.push({ reason, unjudged }) },
    captureBytes,
  )
  return { tap, exchanges, stops, settle: () => new Promise((resolve) => setImmediate(resolve)) }
}

const request = (body: string, extra = ''): string =>
  `POST / HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
const answer = (body: string): string => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
const call = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })
const result = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, result: '0x385' })

describe('ConnectionTap', () => {
  it('pairs pipelined requests with their answers in order, whatever the chunks', async () => {
    const { tap, exchanges, stops, settle } = tapped()
    // Three requests in one chunk, their answers in two chunks that split the second.
    tap.fromClient(Buffer.from(request(call(1)) + request(call(2)) + request(call(3))))
    const answers = answer(result(1)) + answer(result(2)) + answer(result(3))
    const cut = answers.indexOf('"id":2') + 3
    tap.fromUpstream(Buffer.from(answers.slice(0, cut)))
    tap.fromUpstream(Buffer.from(answers.slice(cut)))
    await settle()
    expect(stops).toEqual([])
    expect(exchanges.map((e) => [e.method, e.status, e.requestBody?.toString(), e.responseBody?.toString()])).toEqual(
      [1, 2, 3].map((id) => ['POST', 200, call(id), result(id)]),
    )
    expect(exchanges[0]!.requestHeaders['content-type']).toBe('application/json')
    expect(exchanges[0]!.headers['content-type']).toBe('application/json')
  })

  it('frames a chunked answer (sizes, extensions, trailers) and skips an interim 100 Continue', async () => {
    const { tap, exchanges, stops, settle } = tapped()
    tap.fromClient(Buffer.from(request(call(7), 'Expect: 100-continue\r\n')))
    const body = result(7)
    tap.fromUpstream(
      Buffer.from(
        'HTTP/1.1 100 Continue\r\n\r\n' +
          `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n` +
          `5;ext=1\r\n${body.slice(0, 5)}\r\n${(body.length - 5).toString(16)}\r\n${body.slice(5)}\r\n0\r\nX-Trailer: yes\r\n\r\n`,
      ),
    )
    await settle()
    expect(stops).toEqual([])
    expect(exchanges).toHaveLength(1)
    expect(exchanges[0]).toMatchObject({ status: 200, responseBytes: body.length })
    expect(exchanges[0]!.responseBody!.toString()).toBe(body)
  })

  it('frames a message split across many chunks: one byte at a time', async () => {
    const { tap, exchanges, stops, settle } = tapped()
    const up = Buffer.from(request(call(9)))
    const down = Buffer.from(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${result(9).length.toString(16)}\r\n${result(9)}\r\n0\r\n\r\n`)
    for (let i = 0; i < up.length; i++) tap.fromClient(up.subarray(i, i + 1))
    for (let i = 0; i < down.length; i++) tap.fromUpstream(down.subarray(i, i + 1))
    await settle()
    expect(stops).toEqual([])
    expect(exchanges.map((e) => [e.requestBody?.toString(), e.responseBody?.toString()])).toEqual([[call(9), result(9)]])
  })

  it('an answer that breaks off: the exchange fails as the upstream closing; requests never answered fail before any answer', async () => {
    const { tap, exchanges, settle } = tapped()
    tap.fromClient(Buffer.from(request(call(1)) + request(call(2))))
    tap.fromUpstream(Buffer.from(answer(result(1)).slice(0, -5)))
    tap.closed('upstream')
    await settle()
    expect(exchanges).toHaveLength(2)
    expect(exchanges[0]).toMatchObject({ status: 200, failure: { code: 'L2CONF_ERR_CLOSED' }, clientGone: false })
    expect(exchanges[0]!.failure!.message).toMatch(/broke off/)
    expect(exchanges[1]).toMatchObject({
      status: undefined,
      failure: { code: 'L2CONF_ERR_CLOSED', message: 'the upstream closed the connection before answering' },
    })
  })

  it('a client that left first: what it was still waiting for is the client gone, not the upstream failing', async () => {
    const { tap, exchanges, settle } = tapped()
    tap.fromClient(Buffer.from(request(call(1))))
    tap.closed('client')
    tap.closed('upstream')
    await settle()
    expect(exchanges).toEqual([expect.objectContaining({ clientGone: true, status: undefined })])
    expect(exchanges[0]!.failure).toBeUndefined()
  })

  it('an answer without a length runs until the close, and is whole then', async () => {
    const { tap, exchanges, settle } = tapped()
    tap.fromClient(Buffer.from(request(call(4))))
    tap.fromUpstream(Buffer.from(`HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${result(4)}`))
    tap.closed('upstream')
    await settle()
    expect(exchanges).toHaveLength(1)
    expect(exchanges[0]!.failure).toBeUndefined()
    expect(exchanges[0]!.responseBody!.toString()).toBe(result(4))
  })

  it('keeps bodies up to the bound: past it, null, and the bytes still counted', async () => {
    const { tap, exchanges, settle } = tapped(16)
    tap.fromClient(Buffer.from(request(call(5))))
    tap.fromUpstream(Buffer.from(answer(result(5))))
    await settle()
    expect(exchanges[0]).toMatchObject({ requestBody: null, requestBytes: call(5).length, responseBody: null, responseBytes: result(5).length })
  })

  it('a stream it cannot frame stops the tap for the connection, saying why and how much it leaves unjudged', async () => {
    for (const [client, upstream, reason] of [
      [request(call(1)), 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n', /both Transfer-Encoding and Content-Length/],
      [request(call(1)), 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /chunk size/],
      [request(call(1)), 'SSH-2.0-OpenSSH\r\n\r\n', /not HTTP/],
      ['GET / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n', '', /Content-Length/],
      ['POST / HTTP/1.1\r\n' + 'X: y\r\n'.repeat(20_000), '', /head past/],
      ['', 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n', /to no request/],
    ] as const) {
      const { tap, exchanges, stops, settle } = tapped()
      if (client !== '') tap.fromClient(Buffer.from(client))
      if (upstream !== '') tap.fromUpstream(Buffer.from(upstream))
      // What comes after a stop is not framed: nothing is reported for it.
      tap.fromClient(Buffer.from(request(call(2))))
      tap.fromUpstream(Buffer.from(answer(result(2))))
      await settle()
      expect(stops).toHaveLength(1)
      expect(stops[0]!.reason).toMatch(reason)
      expect(exchanges).toEqual([])
    }
  })
})
