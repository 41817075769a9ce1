import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { exchangeOf, recorded } from '../requirements/fixtures/recorded.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { Exchange } from '../transport/exchange.js'
import { createLiveJudge, type LiveJudge, type LiveVerdict } from './liveJudge.js'

let judge: LiveJudge
beforeAll(async () => {
  judge = createLiveJudge({ openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')), openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')) })
})

/** Requirement → the kinds of its findings, for every requirement judged (an empty list: it held). */
const judged = (verdict: LiveVerdict): Record<string, string[]> => {
  const out: Record<string, string[]> = {}
  for (const part of verdict.parts) out[part.requirement] = [...(out[part.requirement] ?? []), ...part.findings.map((f) => f.kind)]
  return out
}

const statistics = JSON.parse(readFileSync(new URL('../requirements/fixtures/rest-statistics.json', import.meta.url), 'utf8')) as Record<string, unknown>
const restGet = (path: string, body: unknown, extra: Partial<Exchange> = {}): Exchange => ({
  transport: 'http',
  protocol: 'rest',
  url: `http://127.0.0.1:3000/api${path}`,
  request: { method: 'GET', url: `http://127.0.0.1:3000/api${path}`, headers: {} },
  response: body,
  httpStatus: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  startedAt: 0,
  durationMs: 1,
  ...extra,
})

describe('createLiveJudge', () => {
  it("finds nothing in the reference's own answers, and judges each against its requirement", () => {
    expect(judged(judge.rpc(recorded('chainId')))).toEqual({ 'RPC-ENVELOPE': [], 'RPC-HTTP': [], 'RPC-STANDARD': [] })
    expect(judged(judge.rpc(recorded('range1to2')))).toEqual({ 'RPC-ENVELOPE': [], 'RPC-HTTP': [], 'RANGE-SHAPE': [], 'RANGE-ORDER': [] })
    expect(judged(judge.rpc(recorded('accounts')))).toEqual({ 'RPC-ENVELOPE': [], 'BLOCKED-ACCOUNTS': [] })
    // A reversed range answered with an error: RANGE-INVALID's question, which needs the suite's own requests.
    expect(judged(judge.rpc(recorded('reversed')))).toEqual({ 'RPC-ENVELOPE': [], 'RANGE-SHAPE': [] })
    const unknown = judge.rpc(recorded('unknownMethod'))
    expect(judged(unknown)).toEqual({ 'RPC-ENVELOPE': [] })
    expect(unknown.unknownMethods).toEqual(['l2conf_noSuchMethod'])
  })

  it('RANGE-ORDER: a numeric range answered newest first, or one block short', () => {
    const range = recorded('range1to2')
    const blocks = (range.response as { result: unknown[] }).result
    expect(judged(judge.rpc({ ...range, response: { jsonrpc: '2.0', id: 1, result: [...blocks].reverse() } }))['RANGE-ORDER']).toEqual([
      'wrong-value',
      'wrong-value',
    ])
    expect(judged(judge.rpc({ ...range, response: { jsonrpc: '2.0', id: 1, result: blocks.slice(0, 1) } }))['RANGE-ORDER']).toEqual(['wrong-value'])
  })

  it('RANGE-FULLTX once a range went by in both forms: the same transactions either way', () => {
    // Live exchanges carry their size; only small answers wait for their pair.
    const hashes = { ...recorded('range1to2'), responseBytes: 4000 }
    const full = { ...recorded('range1to2Full'), responseBytes: 8000 }
    // The first form waits for the second; the pair is judged once.
    expect(judged(judge.rpc(hashes))['RANGE-FULLTX']).toBeUndefined()
    expect(judged(judge.rpc(full))['RANGE-FULLTX']).toEqual([])
    const broken = structuredClone(full)
    const block = (broken.response as { result: Array<{ transactions: Array<{ hash: string }> }> }).result.find((b) => b.transactions.length > 0)
    expect(block).toBeDefined()
    block!.transactions[0]!.hash = `0x${'ab'.repeat(32)}`
    judge.rpc(hashes)
    expect(judged(judge.rpc(broken))['RANGE-FULLTX']).toContain('inconsistent')
  })

  it("a method the spec documents answered 'method not found' is its requirement's violation; any other error is judged for its shape", () => {
    const range = recorded('range1to2')
    const missing = { ...range, response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method eth_getBlockRange does not exist' } } }
    expect(judged(judge.rpc(missing))['RANGE-SHAPE']).toEqual(['unexpected-error'])
    expect(judged(judge.rpc({ ...range, response: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad params' } } }))['RANGE-SHAPE']).toEqual([])
    // eth_subscribe lists -32601 among its errors (a kind of event the node lacks, as geth answers it).
    const subscribe = exchangeOf(
      { jsonrpc: '2.0', method: 'eth_subscribe', params: ['l2confNoSuchEvent'], id: 3 },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'no such subscription' } },
      { transport: 'ws' },
    )
    expect(judged(judge.rpc(subscribe))).toEqual({ 'RPC-ENVELOPE': [], 'RPC-STANDARD': [] })
  })

  it('RPC-ENVELOPE: an id echoed wrongly, alone and in a batch; RPC-HTTP: a batch answered short', () => {
    const chainId = recorded('chainId')
    expect(judged(judge.rpc({ ...chainId, response: { jsonrpc: '2.0', id: 2, result: '0x385' } }))['RPC-ENVELOPE']).toEqual(['envelope-id-mismatch'])
    const batch = [
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 16777217 },
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 'two' },
    ]
    const json = { headers: { 'content-type': 'application/json' } }
    const misnumbered = judged(
      judge.rpc(
        exchangeOf(
          batch,
          [
            { jsonrpc: '2.0', id: 16777216, result: '0x385' },
            { jsonrpc: '2.0', id: 'two', result: '0x385' },
          ],
          json,
        ),
      ),
    )
    expect(misnumbered['RPC-ENVELOPE']).toContain('batch-mismatch')
    expect(misnumbered['RPC-HTTP']).toEqual([])
    const short = judged(judge.rpc(exchangeOf(batch, [{ jsonrpc: '2.0', id: 'two', result: '0x385' }], { headers: { 'content-type': 'application/json' } })))
    expect(short).toMatchObject({ 'RPC-ENVELOPE': [], 'RPC-HTTP': ['batch-mismatch'] })
    const good = judged(
      judge.rpc(
        exchangeOf(
          batch,
          [
            { jsonrpc: '2.0', id: 'two', result: '0x385' },
            { jsonrpc: '2.0', id: 16777217, result: '0x385' },
          ],
          { headers: { 'content-type': 'application/json' } },
        ),
      ),
    )
    expect(good).toEqual({ 'RPC-ENVELOPE': [], 'RPC-HTTP': [], 'RPC-STANDARD': [] })
  })

  it('RPC-HTTP: results labelled text/plain', () => {
    expect(judged(judge.rpc({ ...recorded('chainId'), headers: { 'content-type': 'text/plain' } }))['RPC-HTTP']).toEqual(['wrong-content-type'])
  })

  it('blocked methods (x-blocked): a result is a violation, in a batch too', () => {
    const accounts = recorded('accounts')
    expect(judged(judge.rpc({ ...accounts, response: { jsonrpc: '2.0', id: 1, result: [] } }))['BLOCKED-ACCOUNTS']).toEqual(['unexpected-result'])
    const batch = [
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
      { jsonrpc: '2.0', method: 'eth_sendTransaction', params: [{}], id: 2 },
    ]
    const answered = [
      { jsonrpc: '2.0', id: 1, result: '0x385' },
      { jsonrpc: '2.0', id: 2, result: `0x${'11'.repeat(32)}` },
    ]
    expect(judged(judge.rpc(exchangeOf(batch, answered, { headers: { 'content-type': 'application/json' } })))['BLOCKED-SENDTX']).toEqual(['unexpected-result'])
  })

  it("the client's own mistakes are reported apart; the node's answer is held to the code JSON-RPC names (RPC-ERRORS)", () => {
    const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }
    const raw = judge.rpc({ ...exchangeOf('{"jsonrpc":"2.0"', parseError), requestIsRaw: true })
    expect(raw.clientFault).toMatchObject({ kind: 'parse-error', code: -32700 })
    expect(judged(raw)).toEqual({ 'RPC-ERRORS': [] })
    const wrongCode = judge.rpc({ ...exchangeOf('{"jsonrpc":"2.0"', { ...parseError, error: { code: -32000, message: 'bad' } }), requestIsRaw: true })
    expect(judged(wrongCode)).toEqual({ 'RPC-ERRORS': ['wrong-error-code'] })
    const invalid = judge.rpc(exchangeOf({ jsonrpc: '2.0', method: 1, id: 1 }, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'invalid' } }))
    expect(invalid.clientFault).toMatchObject({ kind: 'invalid-request', reason: 'method is 1, not a string' })
    expect(judged(invalid)).toEqual({ 'RPC-ERRORS': [] })
    expect(judge.rpc(exchangeOf([], { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty' } })).clientFault?.reason).toBe('an empty batch')
    // A batch with an invalid item: the valid calls are still the node's.
    const mixed = judge.rpc(
      exchangeOf(
        [{ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }, 5],
        [
          { jsonrpc: '2.0', id: 1, result: 42 },
          { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid' } },
        ],
      ),
    )
    expect(mixed.clientFault?.reason).toBe('batch item 1: 5 is not a request object')
    expect(judged(mixed)).toEqual({ 'RPC-ENVELOPE': [], 'RPC-STANDARD': ['schema-violation'] })
  })

  it('a notification must get no answer; a batch refused as a whole for its size is not judged', () => {
    const notification = { jsonrpc: '2.0', method: 'eth_chainId', params: [] }
    expect(judged(judge.rpc({ ...exchangeOf(notification, undefined), rawResponse: '' }))).toEqual({ 'RPC-ENVELOPE': [] })
    expect(judged(judge.rpc(exchangeOf(notification, { jsonrpc: '2.0', id: null, result: '0x385' })))).toEqual({ 'RPC-ENVELOPE': ['envelope'] })
    const big = Array.from({ length: 3 }, (_, id) => ({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id }))
    const refused = judge.rpc(exchangeOf(big, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } }))
    expect(refused).toMatchObject({ parts: [], refused: 'a batch of 3 refused as a whole (error -32600)' })
  })

  it('REST: a documented path against its schema (REST-SHAPE), an unknown path a 404 and other methods refused (REST-ERRORS), its sums', () => {
    const path = '/v2/treasury/statistics'
    expect(judged(judge.rest(restGet(path, statistics), { method: 'GET', path: `/api${path}`, query: '' }))).toEqual({
      'REST-SHAPE': [],
      'REST-CONSISTENT': [],
    })
    const { total: _gone, ...renamed } = statistics
    expect(judged(judge.rest(restGet(path, { ...renamed, totl: 1 }), { method: 'GET', path, query: '' }))['REST-SHAPE']).toContain('schema-violation')
    expect(
      judged(judge.rest(restGet(path, statistics, { headers: { 'content-type': 'text/html' } }), { method: 'GET', path, query: '' }))['REST-SHAPE'],
    ).toEqual(['wrong-content-type'])
    expect(judged(judge.rest(restGet('/nope', { ok: true }), { method: 'GET', path: '/nope', query: '' }))).toEqual({ 'REST-ERRORS': ['wrong-http-status'] })
    expect(judged(judge.rest(restGet(path, {}, { httpStatus: 405 }), { method: 'POST', path, query: '' }))).toEqual({ 'REST-ERRORS': [] })
    expect(judged(judge.rest(restGet(path, {}, { httpStatus: 500 }), { method: 'DELETE', path, query: '' }))).toEqual({ 'REST-ERRORS': ['wrong-http-status'] })
  })
})
