import { describe, expect, it } from 'vitest'
import { request } from 'undici'
import { WebSocket } from 'ws'
import { refusedRequest, SHAPE_SCAN_FROM_BYTES } from './requestShape.js'
import { servedNode } from '../../test/reference/servedNode.js'

const server = servedNode()

/** eth_chainId with one param: an object of `members` members, "k0":0 onwards (about 5 MB for 300,000). */
function wideRequest(members: number): string {
  const parts: string[] = []
  for (let index = 0; index < members; index++) parts.push(`"k${index}":${index}`)
  return `{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[{${parts.join(',')}}]}`
}

async function post(body: string): Promise<unknown> {
  const response = await request(server().url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return response.body.json()
}

async function overWebSocket(text: string): Promise<unknown> {
  const socket = new WebSocket(server().wsUrl)
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answer = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))))
    socket.send(text)
    return JSON.parse(await answer) as unknown
  } finally {
    socket.close()
  }
}

const REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: 'parse error: the request has an object of more than 1,000 members (MAX_OBJECT_MEMBERS); it was not parsed' },
}

describe('a request too wide to parse without freezing the node', () => {
  it('is refused unparsed over HTTP and WebSocket: -32700, id null', async () => {
    const wide = wideRequest(300_000)
    expect(wide.length).toBeGreaterThan(4_000_000)
    expect(await post(wide)).toEqual(REFUSED)
    expect(await overWebSocket(wide)).toEqual(REFUSED)
  })

  it('refuses too many distinct member names spread over small objects, as well', () => {
    const items = Array.from(
      { length: 1_100 },
      (_, index) =>
        `{"jsonrpc":"2.0","id":${index},"method":"eth_chainId","params":[{${Array.from({ length: 10 }, (_, k) => `"n${index * 10 + k}":1`).join(',')}}]}`,
    )
    expect(JSON.parse(refusedRequest(Buffer.from(`[${items.join(',')}]`)) as string)).toMatchObject({
      id: null,
      error: { code: -32700, message: expect.stringContaining('MAX_MEMBER_NAMES') },
    })
  })

  it('leaves every request of the interface alone: a batch of 1,000 calls, large eth_call data, short texts unscanned', async () => {
    const batch = JSON.stringify(
      Array.from({ length: 1_000 }, (_, id) => ({
        jsonrpc: '2.0',
        id,
        method: 'eth_getBalance',
        params: ['0x0000000000000000000000000000000000000001', 'latest'],
      })),
    )
    expect(refusedRequest(Buffer.from(batch))).toBeUndefined()
    expect(await post(batch)).toHaveLength(1_000)
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: '0x0000000000000000000000000000000000000001', data: `0x${'ab'.repeat(100_000)}` }, 'latest'],
    })
    expect(refusedRequest(Buffer.from(call))).toBeUndefined()
    // Below the threshold nothing is scanned: so few members cost JSON.parse next to nothing.
    const short = wideRequest(1_001)
    expect(short.length).toBeLessThan(SHAPE_SCAN_FROM_BYTES)
    expect(refusedRequest(Buffer.from(short))).toBeUndefined()
    expect(refusedRequest(Buffer.from(wideRequest(2_000)))).toBeDefined()
  })
})
