import { describe, expect, it } from 'vitest'
import { PENDING_PER_CONNECTION, SocketPairing } from './socketPairing.js'

const pairing = (): SocketPairing => new SocketPairing('ws://node:8546', 1024 * 1024)
const call = (id: unknown, method = 'eth_chainId', params: unknown[] = []): string => JSON.stringify({ jsonrpc: '2.0', method, params, id })

describe('SocketPairing', () => {
  it('pairs answers by id in any order, a batch with the oldest batch, an id-null answer with what the node could not read', () => {
    const socket = pairing()
    for (const text of [call(1), call('a'), '[' + call(2) + ']', 'not json']) expect(socket.fromClient(text)).toBeNull()
    expect(socket.pending).toBe(4)
    const second = socket.fromUpstream('{"jsonrpc":"2.0","id":"a","result":"0x1"}')
    expect(second).toMatchObject({ kind: 'answer', exchange: { transport: 'ws', request: { id: 'a' }, response: { id: 'a' } } })
    expect(socket.fromUpstream('[{"jsonrpc":"2.0","id":2,"result":"0x1"}]')).toMatchObject({ kind: 'answer', exchange: { request: [{ id: 2 }] } })
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse"}}')).toMatchObject({
      kind: 'answer',
      exchange: { request: 'not json', requestIsRaw: true },
    })
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":1,"result":"0x1"}')).toMatchObject({ kind: 'answer', exchange: { request: { id: 1 } } })
    expect(socket.pending).toBe(0)
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":9,"result":"0x1"}')).toEqual({ kind: 'unsolicited', text: '{"jsonrpc":"2.0","id":9,"result":"0x1"}' })
  })

  it("gives the one call waiting an answer whose id is its own echoed wrongly, as the run's transport does", () => {
    const socket = pairing()
    socket.fromClient(call(16777217))
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":16777216,"result":"0x1"}')).toMatchObject({ kind: 'answer', exchange: { request: { id: 16777217 } } })
  })

  it('notifications: solicited while the subscription is open, unsolicited before it opened and once eth_unsubscribe said true', () => {
    const socket = pairing()
    const notify = '{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0xab","result":{}}}'
    expect(socket.fromUpstream(notify)).toMatchObject({ kind: 'notification', solicited: false })
    socket.fromClient(call(1, 'eth_subscribe', ['newHeads']))
    socket.fromUpstream('{"jsonrpc":"2.0","id":1,"result":"0xab"}')
    expect(socket.fromUpstream(notify)).toMatchObject({ kind: 'notification', solicited: true })
    socket.fromClient(call(2, 'eth_unsubscribe', ['0xab']))
    expect(socket.fromUpstream(notify)).toMatchObject({ kind: 'notification', solicited: true })
    socket.fromUpstream('{"jsonrpc":"2.0","id":2,"result":true}')
    expect(socket.fromUpstream(notify)).toMatchObject({ kind: 'notification', solicited: false })
  })

  it('expects no answer to notifications; keeps at most PENDING_PER_CONNECTION requests in flight; leaves frames past the bound unjudged', () => {
    const socket = new SocketPairing('ws://node', 200)
    expect(socket.fromClient('{"jsonrpc":"2.0","method":"eth_chainId","params":[]}')).toBeNull()
    expect(socket.pending).toBe(0)
    for (let id = 0; id < PENDING_PER_CONNECTION + 10; id++) socket.fromClient(call(id))
    expect(socket.pending).toBe(PENDING_PER_CONNECTION)
    expect(socket.dropped).toBe(10)
    // The oldest were given up: their answers now answer nothing in flight.
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":0,"result":"0x1"}').kind).toBe('unsolicited')
    expect(socket.fromUpstream('{"jsonrpc":"2.0","id":10,"result":"0x1"}').kind).toBe('answer')
    expect(socket.fromClient(`"${'x'.repeat(300)}"`)).toMatch(/past the judging bound/)
    expect(socket.fromUpstream(`"${'x'.repeat(300)}"`)).toMatchObject({ kind: 'unjudged' })
  })
})
