import { describe, expect, it } from 'vitest'
import { checkExampleBatch, checkSameOverWebSocket } from './RPC-WS.js'
import { exchangeOf, recorded, unanswered, withResult } from './fixtures/recorded.js'

const overWs = (name: string) => ({ ...recorded(name), transport: 'ws' as const })
const anyResult = (): [] => []

describe('RPC-WS judges, on answers of the reference', () => {
  it('pass the reference: the same block over both transports', () => {
    expect(
      checkSameOverWebSocket('eth_getBlockByNumber', 'example', { before: recorded('block1'), viaWs: overWs('block1'), after: recorded('block1') }),
    ).toEqual([])
  })

  it('inconsistent: another answer over WebSocket, pointing at the difference', () => {
    const other = { ...(recorded('block1').response as { result: Record<string, unknown> }).result, gasUsed: '0x0' }
    const findings = checkSameOverWebSocket('eth_getBlockByNumber', 'example', {
      before: recorded('block1'),
      viaWs: { ...withResult('block1', other), transport: 'ws' },
      after: recorded('block1'),
    })
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/gasUsed']])
  })

  it('inconclusive when the two HTTP answers differ (the state moved)', () => {
    const findings = checkSameOverWebSocket('eth_blockNumber', 'example', {
      before: recorded('blockNumber'),
      viaWs: overWs('blockNumber'),
      after: withResult('blockNumber', '0x38'),
    })
    expect(findings.map((f) => f.kind)).toEqual(['inconclusive'])
  })

  it('no-answer over WebSocket is judged by its envelope only', () => {
    expect(
      checkSameOverWebSocket('eth_chainId', 'example', { before: recorded('chainId'), viaWs: unanswered('chainId'), after: recorded('chainId') }).map(
        (f) => f.kind,
      ),
    ).toEqual(['no-answer'])
  })

  it('a batch of examples: each item valid; batch-mismatch when one is missing', () => {
    const calls = [
      { request: { jsonrpc: '2.0' as const, method: 'eth_chainId', params: [], id: 1 }, validate: anyResult },
      { request: { jsonrpc: '2.0' as const, method: 'eth_blockNumber', params: [], id: 2 }, validate: anyResult },
    ]
    const answer = [
      { jsonrpc: '2.0', id: 2, result: '0x37' },
      { jsonrpc: '2.0', id: 1, result: '0x385' },
    ]
    expect(
      checkExampleBatch(
        exchangeOf(
          calls.map((c) => c.request),
          answer,
        ),
        calls,
      ),
    ).toEqual([])
    expect(
      checkExampleBatch(
        exchangeOf(
          calls.map((c) => c.request),
          answer.slice(0, 1),
        ),
        calls,
      ).map((f) => f.kind),
    ).toEqual(['batch-mismatch'])
  })
})
