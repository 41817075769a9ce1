import { describe, expect, it } from 'vitest'
import type { Exchange } from './exchange.js'
import { responseOutcome, rpcOutcome } from './jsonRpcResponse.js'

const base: Exchange = { transport: 'http', url: 'http://target', request: {}, startedAt: 0, durationMs: 1 }

describe('rpcOutcome', () => {
  it('reads a result, including null', () => {
    expect(rpcOutcome({ ...base, response: { jsonrpc: '2.0', id: 1, result: '0x1' } })).toEqual({ kind: 'result', value: '0x1' })
    expect(rpcOutcome({ ...base, response: { jsonrpc: '2.0', id: 1, result: null } })).toEqual({ kind: 'result', value: null })
  })

  it('reads an error as sent, without checking its types', () => {
    expect(rpcOutcome({ ...base, response: { id: 1, error: { code: -32601, message: 'nope' } } })).toEqual({ kind: 'error', code: -32601, message: 'nope' })
    expect(rpcOutcome({ ...base, response: { id: 1, error: { code: '3', message: 7, data: '0x' } } })).toEqual({
      kind: 'error',
      code: '3',
      message: 7,
      data: '0x',
    })
  })

  it('calls broken what it cannot read', () => {
    const broken = (exchange: Exchange): string => {
      const outcome = rpcOutcome(exchange)
      return outcome.kind === 'broken' ? outcome.reason : `not broken: ${outcome.kind}`
    }
    expect(broken({ ...base, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 100 ms' } })).toMatchInlineSnapshot(
      `"no usable answer: no answer within 100 ms (L2CONF_ERR_TIMEOUT)"`,
    )
    expect(broken({ ...base, httpStatus: 502, rawResponse: '<html>Bad gateway</html>' })).toMatchInlineSnapshot(
      `"the answer is not JSON (HTTP 502): <html>Bad gateway</html>"`,
    )
    expect(broken({ ...base, response: [{ id: 1, result: 1 }] })).toMatchInlineSnapshot(`"the answer is an array of 1 (a batch answer), not a single response"`)
    expect(broken({ ...base, response: 42 })).toMatchInlineSnapshot(`"the answer is 42, not a JSON-RPC response object"`)
    expect(broken({ ...base, response: { id: 1, result: 1, error: { code: 1, message: 'x' } } })).toMatchInlineSnapshot(
      `"the response has both result and error"`,
    )
    expect(broken({ ...base, response: { id: 1 } })).toMatchInlineSnapshot(`"the response has neither result nor error: {"id":1}"`)
    expect(broken({ ...base, response: { id: 1, error: 'boom' } })).toMatchInlineSnapshot(`"error is boom, not an object"`)
  })

  it('reads a failure before any evidence body', () => {
    const exchange: Exchange = { ...base, httpStatus: 429, response: { id: 1, result: 1 }, failure: { code: 'L2CONF_ERR_RATE_LIMITED', message: 'HTTP 429' } }
    expect(rpcOutcome(exchange).kind).toBe('broken')
  })

  it('reads the items of a batch answer', () => {
    expect(
      [
        { id: 1, result: 'a' },
        { id: 2, error: { code: -32601, message: 'm' } },
      ]
        .map(responseOutcome)
        .map((o) => o.kind),
    ).toEqual(['result', 'error'])
    expect(responseOutcome(Object.create({ result: 1 })).kind).toBe('broken')
  })
})
