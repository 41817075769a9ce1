import { describe, expect, it } from 'vitest'
import { checkBatchEnvelope, checkEnvelope, checkNotificationUnanswered, NOTIFICATION } from './RPC-ENVELOPE.js'
import { exchangeOf, recorded, unanswered } from './fixtures/recorded.js'

const chainId = (response: unknown) => exchangeOf({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }, response)

describe('RPC-ENVELOPE judges, on answers of the reference', () => {
  it('pass the reference: a result, and an error', () => {
    expect(checkEnvelope(recorded('chainId'), 1)).toEqual([])
    expect(checkEnvelope(recorded('unknownMethod'), 1)).toEqual([])
  })

  it('envelope-id-mismatch: another id, or none, with expected and got', () => {
    expect(checkEnvelope(chainId({ jsonrpc: '2.0', id: '1', result: '0x385' }), 1)[0]).toMatchObject({
      kind: 'envelope-id-mismatch',
      expected: 1,
      got: '1',
      pointer: '/id',
    })
    expect(checkEnvelope(chainId({ jsonrpc: '2.0', result: '0x385' }), 1).map((f) => f.kind)).toEqual(['envelope-id-mismatch'])
  })

  it('envelope: a wrong jsonrpc, both result and error, an error without an integer code', () => {
    expect(checkEnvelope(chainId({ jsonrpc: '1.0', id: 1, result: '0x385' }), 1).map((f) => f.kind)).toEqual(['envelope'])
    expect(checkEnvelope(chainId({ jsonrpc: '2.0', id: 1, result: '0x385', error: { code: 1, message: 'x' } }), 1).map((f) => f.kind)).toEqual(['envelope'])
    expect(checkEnvelope(chainId({ jsonrpc: '2.0', id: 1, error: { code: '-32601', message: 'x' } }), 1).map((f) => f.kind)).toEqual(['envelope'])
  })

  it('no-answer: a time-out, and a body that is not JSON', () => {
    expect(checkEnvelope(unanswered('chainId'), 1).map((f) => f.kind)).toEqual(['no-answer'])
    expect(checkEnvelope({ ...recorded('chainId'), response: undefined, rawResponse: '<html>' }, 1).map((f) => f.kind)).toEqual(['no-answer'])
  })

  it('batch-mismatch: an answer missing, an id answered twice, an id never sent', () => {
    const requests = [{ id: 1 }, { id: 2 }]
    const ok = { jsonrpc: '2.0', result: '0x385' }
    expect(
      checkBatchEnvelope(
        chainId([
          { ...ok, id: 2 },
          { ...ok, id: 1 },
        ]),
        requests,
      ),
    ).toEqual([])
    expect(checkBatchEnvelope(chainId([{ ...ok, id: 1 }]), requests).map((f) => f.kind)).toEqual(['batch-mismatch'])
    expect(
      checkBatchEnvelope(
        chainId([
          { ...ok, id: 1 },
          { ...ok, id: 1 },
        ]),
        requests,
      ).map((f) => f.kind),
    ).toEqual(['batch-mismatch', 'batch-mismatch'])
    expect(checkBatchEnvelope(chainId({ ...ok, id: 1 }), requests).map((f) => f.kind)).toEqual(['batch-mismatch'])
  })
})

describe('checkNotificationUnanswered: a server must not reply to a notification (JSON-RPC 2.0, section 4.1)', () => {
  const sent = { transport: 'http' as const, url: 'http://127.0.0.1:8545', request: NOTIFICATION, startedAt: 0, durationMs: 1 }
  it('passes an HTTP answer with no JSON-RPC response in it: 204, or 200 with an empty or non-JSON-RPC body', () => {
    expect(checkNotificationUnanswered({ ...sent, httpStatus: 204 })).toEqual([])
    expect(checkNotificationUnanswered({ ...sent, httpStatus: 200, rawResponse: '' })).toEqual([])
    expect(checkNotificationUnanswered({ ...sent, httpStatus: 200, response: { ok: true } })).toEqual([])
  })
  it('fails a JSON-RPC response to it, alone or in an array, and no HTTP answer at all', () => {
    const invalid = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }
    expect(checkNotificationUnanswered({ ...sent, httpStatus: 200, response: invalid })).toMatchObject([{ kind: 'envelope' }])
    expect(checkNotificationUnanswered({ ...sent, httpStatus: 200, response: [{ jsonrpc: '2.0', id: null, result: '0x385' }] })).toMatchObject([
      { kind: 'envelope' },
    ])
    expect(checkNotificationUnanswered({ ...sent, failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no response headers within 10000 ms' } })).toMatchObject([
      { kind: 'no-answer' },
    ])
  })
})
