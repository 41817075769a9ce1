import { describe, expect, it } from 'vitest'
import { RawJson } from '../rpc/rawJson.js'
import { encodeError, encodeResult, exceedsBytes, joinBatch, jsonBytes, jsonString, resultJson } from './jsonRpcResponse.js'

describe('jsonRpcResponse', () => {
  it('encodes results and errors as JSON-RPC 2.0 responses', () => {
    expect(JSON.parse(jsonString(encodeResult(1, { a: [1, '0x2'] })))).toEqual({ jsonrpc: '2.0', id: 1, result: { a: [1, '0x2'] } })
    expect(JSON.parse(jsonString(encodeResult('x', undefined)))).toEqual({ jsonrpc: '2.0', id: 'x', result: null })
    expect(JSON.parse(encodeError(null, { code: -32600, message: 'm', data: { b: true } }))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'm', data: { b: true } },
    })
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

  it('splices the id into one buffer with a small RawJson result, for ids of every JSON type', () => {
    const result = new RawJson([Buffer.from('{"number":"0x1","extra":"'), Buffer.from('ü\\"x"}')])
    const ids = [0, 7, -1, 1.5, 1e21, '', 'plain', 'quote " backslash \\ newline \n tab \t nul \u0000', 'é😀\u2028', null]
    for (const id of ids) {
      const answer = encodeResult(id, result)
      const expected = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"number":"0x1","extra":"ü\\"x"}}`
      expect(answer).toBeInstanceOf(RawJson)
      expect((answer as RawJson).parts).toHaveLength(1)
      expect(jsonString(answer)).toBe(expected)
      expect(jsonBytes(answer)).toBe(Buffer.byteLength(expected))
      expect((answer as RawJson).parts[0]?.length).toBe(Buffer.byteLength(expected))
      expect(JSON.parse(jsonString(answer))).toEqual({ jsonrpc: '2.0', id, result: { number: '0x1', extra: 'ü"x' } })
    }
    // The result's own bytes are left as they were.
    expect(result.text()).toBe('{"number":"0x1","extra":"ü\\"x"}')
  })

  it('puts a large RawJson result in the response as bytes, and joins byte and text answers into one batch', () => {
    const long = 'ü'.repeat(9_000)
    const raw = encodeResult('é', new RawJson([Buffer.from('[{"a":'), Buffer.from(`"${long}"}]`)]))
    expect(raw).toBeInstanceOf(RawJson)
    expect(JSON.parse(jsonString(raw))).toEqual({ jsonrpc: '2.0', id: 'é', result: [{ a: long }] })
    expect(jsonBytes(raw)).toBe(Buffer.byteLength(jsonString(raw)))
    const batch = joinBatch([encodeResult(1, 'x'), raw, encodeError(2, { code: -32000, message: 'm' })])
    expect(jsonBytes(batch)).toBe(Buffer.byteLength(jsonString(batch)))
    expect(JSON.parse(jsonString(batch))).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'x' },
      { jsonrpc: '2.0', id: 'é', result: [{ a: long }] },
      { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'm' } },
    ])
    expect(joinBatch(['{"a":1}', '{"b":2}'])).toBe('[{"a":1},{"b":2}]')
  })

  it('says whether an answer exceeds a byte bound, counting UTF-8 bytes, not characters', () => {
    expect(exceedsBytes('abc', 3)).toBe(false)
    expect(exceedsBytes('abcd', 3)).toBe(true)
    // Two characters, six bytes: over 5 though two characters are far under it.
    expect(exceedsBytes('€€', 5)).toBe(true)
    expect(exceedsBytes('€€', 6)).toBe(false)
    expect(exceedsBytes('😀', 3)).toBe(true)
    expect(exceedsBytes('😀', 4)).toBe(false)
    const raw = new RawJson([Buffer.from('"ü"')])
    expect(exceedsBytes(raw, 3)).toBe(true)
    expect(exceedsBytes(raw, 4)).toBe(false)
  })
})
