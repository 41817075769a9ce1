import { describe, expect, it } from 'vitest'
import { checkFilterHeld, checkHeaderNotification, checkNoneAfterCancel, checkOwnLog, checkSubscribed, checkUnsubscribed } from './RPC-SUBSCRIBE.js'
import { exchangeOf, recordedResult, unanswered } from './fixtures/recorded.js'

const ws = (method: string, params: unknown[], response: unknown) => ({ ...exchangeOf({ jsonrpc: '2.0', method, params, id: 1 }, response), transport: 'ws' as const })
const subscribe = ws('eth_subscribe', ['newHeads'], { jsonrpc: '2.0', id: 1, result: '0x9cef478923ff08bf67fde6c64013158d' })
const ADDRESS = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const TX = `0x${'ab'.repeat(32)}`

describe('RPC-SUBSCRIBE judges, on notifications shaped as the reference sends them', () => {
  it('pass: an id, a header, true on unsubscribe, nothing after it', () => {
    expect(checkSubscribed('0x9cef478923ff08bf67fde6c64013158d', subscribe, 'eth_subscribe')).toEqual([])
    expect(checkHeaderNotification(recordedResult('block1'), subscribe)).toEqual([])
    expect(checkUnsubscribed(ws('eth_unsubscribe', ['0x9c'], { jsonrpc: '2.0', id: 2, result: true }))).toEqual([])
    expect(checkNoneAfterCancel(1, 1, subscribe)).toEqual([])
  })

  it('no-answer or wrong-value: no subscription id', () => {
    expect(checkSubscribed(null, unanswered('chainId'), 'eth_subscribe').map((f) => f.kind)).toEqual(['no-answer'])
    expect(checkSubscribed(null, ws('eth_subscribe', ['newHeads'], { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } }), 'eth_subscribe').map((f) => f.kind)).toEqual(['wrong-value'])
  })

  it('schema-violation: a notification that is not a header', () => {
    expect(checkHeaderNotification({ number: 1 }, subscribe).map((f) => f.kind)).toEqual(['schema-violation'])
    expect(checkHeaderNotification(null, subscribe).map((f) => f.kind)).toEqual(['schema-violation'])
  })

  it('wrong-value: eth_unsubscribe answered false; unsolicited: notifications after it', () => {
    expect(checkUnsubscribed(ws('eth_unsubscribe', ['0x9c'], { jsonrpc: '2.0', id: 2, result: false })).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkNoneAfterCancel(3, 1, subscribe)[0]).toMatchObject({ kind: 'unsolicited', got: 2 })
  })

  it('logs: the own log passes; wrong-value for another; unsolicited for a log the filter should have held back', () => {
    const log = { address: ADDRESS, transactionHash: TX, topics: [], data: '0x' }
    expect(checkOwnLog(log, ADDRESS, TX, subscribe)).toEqual([])
    expect(checkOwnLog({ ...log, transactionHash: `0x${'cd'.repeat(32)}` }, ADDRESS, TX, subscribe).map((f) => f.kind)).toEqual(['wrong-value'])
    expect(checkFilterHeld([log], ADDRESS, subscribe)).toEqual([])
    expect(checkFilterHeld([log, { ...log, address: `0x${'11'.repeat(20)}` }, null], ADDRESS, subscribe).map((f) => f.kind)).toEqual(['unsolicited'])
  })
})
