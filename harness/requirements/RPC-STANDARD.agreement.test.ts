import { describe, expect, it } from 'vitest'
import { checkSameAtLatest, checkSameByHash } from './RPC-STANDARD.js'
import { exchangeOf } from './fixtures/recorded.js'

const ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const block = { number: '0x37', hash: `0x${'cd'.repeat(32)}` }
const answer = (value: unknown) => ({
  exchange: exchangeOf({ jsonrpc: '2.0', method: 'eth_getBalance', params: [ADDRESS, 'latest'], id: 1 }, { jsonrpc: '2.0', id: 1, result: value }),
  value,
})

describe('RPC-STANDARD agreement judges', () => {
  it('pass: the same balance by number, by hash and at "latest"', () => {
    expect(checkSameByHash({ method: 'eth_getBalance', address: ADDRESS, block }, '0xde0b6b3a7640000', answer('0xde0b6b3a7640000'))).toEqual([])
    expect(checkSameAtLatest({ method: 'eth_getBalance', address: ADDRESS }, 0x37, '0xde0b6b3a7640000', answer('0xde0b6b3a7640000'))).toEqual([])
  })
  it('inconsistent: a stale balance by hash, or at "latest", with expected and got', () => {
    expect(checkSameByHash({ method: 'eth_getBalance', address: ADDRESS, block }, '0x2', answer('0x1'))[0]).toMatchObject({
      kind: 'inconsistent',
      expected: '0x2',
      got: '0x1',
    })
    expect(checkSameAtLatest({ method: 'eth_getBalance', address: ADDRESS }, 0x37, '0x2', answer('0x1')).map((f) => f.kind)).toEqual(['inconsistent'])
  })
})
