import { describe, expect, it } from 'vitest'
import { encodeError, encodeResult, resultJson } from './jsonRpcResponse.js'

describe('jsonRpcResponse', () => {
  it('encodes results and errors as JSON-RPC 2.0 responses', () => {
    expect(JSON.parse(encodeResult(1, { a: [1, '0x2'] }))).toEqual({ jsonrpc: '2.0', id: 1, result: { a: [1, '0x2'] } })
    expect(JSON.parse(encodeResult('x', undefined))).toEqual({ jsonrpc: '2.0', id: 'x', result: null })
    expect(JSON.parse(encodeError(null, { code: -32600, message: 'm', data: { b: true } }))).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'm', data: { b: true } } })
    expect(() => encodeResult(1, 1n)).toThrow(TypeError)
  })

  it('serialises a frozen result once: it is promised never to change', () => {
    const block = Object.freeze({ number: '0x1', transactions: [] as string[] })
    expect(resultJson(block)).toBe('{"number":"0x1","transactions":[]}')
    // Mutating what was promised frozen (here the inner array) is not seen: the first text stays.
    block.transactions.push('0xab')
    expect(resultJson(block)).toBe('{"number":"0x1","transactions":[]}')
    const open = { number: '0x1' }
    expect(resultJson(open)).toBe('{"number":"0x1"}')
    open.number = '0x2'
    expect(resultJson(open)).toBe('{"number":"0x2"}')
  })
})
