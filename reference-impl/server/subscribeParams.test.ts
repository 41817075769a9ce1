import { describe, expect, it } from 'vitest'
import { parseSubscribeParams } from './subscribeParams.js'

const address = `0x${'aB'.repeat(20)}`
const topic = `0x${'01'.repeat(32)}`

describe('parseSubscribeParams (eth_subscribe)', () => {
  it('reads the four kinds', () => {
    expect(parseSubscribeParams(['newHeads'])).toEqual({ kind: 'newHeads' })
    expect(parseSubscribeParams(['newPendingTransactions'])).toEqual({ kind: 'newPendingTransactions' })
    expect(parseSubscribeParams(['syncing'])).toEqual({ kind: 'syncing' })
    expect(parseSubscribeParams(['logs'])).toEqual({ kind: 'logs' })
  })

  it('reads a logs filter: one address or several, topics by position with null and alternatives', () => {
    expect(parseSubscribeParams(['logs', { address, topics: [topic.toUpperCase().replace('0X', '0x'), null, [topic, null], [topic]] }])).toEqual({
      kind: 'logs',
      filter: { addresses: [address.toLowerCase()], topics: [[topic], null, null, [topic]] },
    })
    expect(parseSubscribeParams(['logs', { address: [address], fromBlock: 'latest' }])).toEqual({
      kind: 'logs',
      filter: { addresses: [address.toLowerCase()], topics: [] },
    })
    expect(parseSubscribeParams(['logs', { address: [] }])).toEqual({ kind: 'logs', filter: { addresses: null, topics: [] } })
  })

  it('refuses an unknown kind like geth: -32601', () => {
    expect(() => parseSubscribeParams(['foo'])).toThrowError(expect.objectContaining({ code: -32601, message: 'no "foo" subscription in eth namespace' }))
  })

  it('refuses malformed params with -32602', () => {
    for (const params of [
      undefined,
      [],
      {},
      [1],
      ['newHeads', 1],
      ['logs', 'x'],
      ['logs', { address: '0x12' }],
      ['logs', { topics: ['0x12'] }],
      ['logs', { topics: [null, null, null, null, null] }],
      ['logs', {}, 1],
    ]) {
      expect(() => parseSubscribeParams(params)).toThrowError(expect.objectContaining({ code: -32602 }))
    }
  })
})
