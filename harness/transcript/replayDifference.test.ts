import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { canonicalRequest, rewriteIds } from './canonicalRequest.js'
import { ReplayComparison } from './replayDifference.js'

function answer(result: unknown): Exchange {
  return { transport: 'http', url: '', request: null, response: { jsonrpc: '2.0', id: 1, result }, startedAt: 0, durationMs: 0 }
}

function error(code: number): Exchange {
  return { transport: 'http', url: '', request: null, response: { jsonrpc: '2.0', id: 1, error: { code, message: 'm' } }, startedAt: 0, durationMs: 0 }
}

const block = (number: string, gasUsed: string) => ({ number, gasUsed, hash: `0x${number.slice(2)}aa`, parentHash: '0x00', timestamp: '0x1' })

describe('canonicalRequest and rewriteIds', () => {
  it('matches by method and params, ids by JSON type only', () => {
    const a = canonicalRequest({ transport: 'http', request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 } })
    expect(canonicalRequest({ transport: 'http', request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 99 } })).toBe(a)
    expect(canonicalRequest({ transport: 'http', request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: '1' } })).not.toBe(a)
    expect(canonicalRequest({ transport: 'ws', request: { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 } })).not.toBe(a)
  })

  it("moves the echoed id to the new request's, and keeps a wrong id wrong by as much", () => {
    expect(rewriteIds({ id: 7 }, { id: 2 }, { id: 7, result: '0x1' })).toEqual({ id: 2, result: '0x1' })
    expect(rewriteIds({ id: 7 }, { id: 2 }, { id: 8, result: '0x1' })).toEqual({ id: 3, result: '0x1' })
    expect(rewriteIds([{ id: 7 }, { id: 8 }], [{ id: 1 }, { id: 2 }], [{ id: 8 }, { id: 7 }])).toEqual([{ id: 2 }, { id: 1 }])
  })
})

describe('ReplayComparison', () => {
  const request = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 1, method, params })

  it('sets aside what a new block legitimately changes, and what hashes and timestamps differ by', () => {
    const compare = new ReplayComparison(41)
    expect(compare.rpc(request('eth_getBlockByNumber', ['0x29', false]), answer(block('0x29', '0x5208')), answer(block('0x29', '0xd0c1')))).toBeNull()
    expect(
      compare.rpc(
        request('eth_getBlockByNumber', ['0x10', false]),
        answer({ ...block('0x10', '0x0'), hash: '0x1' }),
        answer({ ...block('0x10', '0x0'), hash: '0x2' }),
      ),
    ).toBeNull()
    expect(compare.rpc(request('eth_getBlockByNumber', ['0x10', false]), answer(block('0x10', '0x0')), answer(block('0x10', '0x5208')))).toMatchObject({
      kind: 'result',
      pointer: '/gasUsed',
    })
  })

  it('takes a request naming a new block by a hash the recording got as timing, as long as it is answered', () => {
    const compare = new ReplayComparison(41)
    compare.rpc(request('eth_getBlockByNumber', ['latest', false]), answer(block('0x2d', '0x0')), answer(block('0x2e', '0x0')))
    expect(
      compare.rpc(request('eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', { blockHash: '0x2daa' }]), answer('0x1'), error(-32000)),
    ).toBeNull()
  })

  it('still reports a result where the recording had an error, or another error code', () => {
    const compare = new ReplayComparison(41)
    expect(compare.rpc(request('rollup_getInfo', []), answer({ mode: 'sequencer' }), error(-32601))).toMatchObject({ kind: 'result-vs-error' })
    expect(compare.rpc(request('eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x1']), error(-32602), error(-32000))).toMatchObject({
      kind: 'error-code',
    })
    expect(compare.rpc(request('rollup_getInfo', []), answer({ mode: 'sequencer', index: 1 }), answer({ mode: 'sequencer', index: 5 }))).toBeNull()
  })
})
