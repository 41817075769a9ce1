import { describe, expect, it } from 'vitest'
import { envelopeProblems } from './envelopeFindings.js'

describe('envelopeProblems', () => {
  it('accepts a well-formed result and a well-formed error', () => {
    expect(envelopeProblems({ jsonrpc: '2.0', id: 1, result: null }, 1)).toEqual([])
    expect(envelopeProblems({ jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'x' } }, 'a')).toEqual([])
  })
  it('catches each way an envelope breaks', () => {
    expect(envelopeProblems({ jsonrpc: '1.0', id: '1', result: 1, error: null }, 1).map((p) => p.message)).toMatchInlineSnapshot(`
      [
        "jsonrpc is "1.0", not "2.0"",
        "id is "1", the request's was 1",
        "the response has both result and error",
        "error is null, not an object",
      ]
    `)
    expect(envelopeProblems({ jsonrpc: '2.0', id: 1, error: { code: '-32000', message: 5 } }, 1).map((p) => p.pointer)).toEqual([
      '/error/code',
      '/error/message',
    ])
    expect(envelopeProblems([1], 1)[0]?.message).toMatch(/not a JSON object/)
  })
})
