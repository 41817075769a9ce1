import { describe, expect, it } from 'vitest'
import { checkHttpPost, checkSameInBatch } from './RPC-HTTP.js'
import { recorded, withError } from './fixtures/recorded.js'

describe('RPC-HTTP judges, on answers of the reference', () => {
  it('pass the reference: a 200 JSON result', () => {
    expect(checkHttpPost(recorded('chainId'))).toEqual([])
  })

  it('wrong-http-status, wrong-content-type, unexpected-error', () => {
    expect(checkHttpPost({ ...recorded('chainId'), httpStatus: 202 })[0]).toMatchObject({ kind: 'wrong-http-status', expected: 200, got: 202 })
    expect(checkHttpPost({ ...recorded('chainId'), headers: { 'content-type': 'text/plain' } }).map((f) => f.kind)).toEqual(['wrong-content-type'])
    expect(checkHttpPost(withError('chainId', -32000)).map((f) => f.kind)).toEqual(['unexpected-error'])
  })

  it('a call answers in a batch as alone; inconsistent otherwise', () => {
    const alone = recorded('chainId').response as Record<string, unknown>
    expect(checkSameInBatch(recorded('chainId'), 'eth_chainId', { ...alone, id: 1 }, { ...alone, id: 100 })).toEqual([])
    expect(checkSameInBatch(recorded('chainId'), 'eth_chainId', { ...alone, result: '0x1' }, alone).map((f) => f.kind)).toEqual(['inconsistent'])
    const unknown = recorded('unknownMethod').response
    expect(checkSameInBatch(recorded('chainId'), 'l2conf_noSuchMethod', unknown, unknown)).toEqual([])
    expect(checkSameInBatch(recorded('chainId'), 'l2conf_noSuchMethod', { jsonrpc: '2.0', id: 3, result: null }, unknown).map((f) => f.kind)).toEqual([
      'inconsistent',
    ])
  })
})
