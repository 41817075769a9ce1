import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paddedRequest, paddedRequestFloor } from './paddedRequest.js'

describe('paddedRequest', () => {
  it('is a valid eth_chainId request of exactly the size asked, padded with JSON whitespace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.option(fc.nat(), { nil: null }), (extra, id) => {
        const bytes = paddedRequestFloor(id) + extra
        const text = paddedRequest(bytes, id)
        expect(Buffer.byteLength(text)).toBe(bytes)
        expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })
      }),
    )
  })

  it('refuses a size below the request itself', () => {
    expect(paddedRequestFloor(1)).toBe('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'.length)
    expect(() => paddedRequest(paddedRequestFloor(1) - 1, 1)).toThrow(RangeError)
  })
})
