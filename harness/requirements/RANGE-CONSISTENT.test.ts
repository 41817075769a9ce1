import { afterEach, describe, expect, it } from 'vitest'
import { HttpTransport } from '../transport/httpTransport.js'
import { RequestGate } from '../transport/requestGate.js'
import { bodyOf, httpServer } from '../../test/servers/throwawayServer.js'
import { checkRangeAgainstLookups, checkRangeElement, checkSameBlock } from './RANGE-CONSISTENT.js'
import { recorded, recordedResult, unanswered, withResult } from './fixtures/recorded.js'

const first = (): Record<string, unknown> => recordedResult<Array<Record<string, unknown>>>('range1to2')[0]!

describe('RANGE-CONSISTENT judges, on answers of the reference', () => {
  it('pass the reference: block 1 of the range is block 1 by number and by hash', () => {
    expect(checkSameBlock(first(), 'eth_getBlockByNumber', recorded('block1'))).toEqual([])
    expect(checkSameBlock(first(), 'eth_getBlockByHash', recorded('block1ByHash'))).toEqual([])
    expect(checkRangeElement(recorded('range1to2'), first(), 0)).toEqual([])
  })

  it('inconsistent: the lookup answers another stateRoot, pointing at it', () => {
    const other = { ...recordedResult<Record<string, unknown>>('block1'), stateRoot: `0x${'00'.repeat(32)}` }
    const findings = checkSameBlock(first(), 'eth_getBlockByNumber', withResult('block1', other))
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/stateRoot']])
  })

  it('inconsistent: a lookup with no answer is not the same block', () => {
    expect(checkSameBlock(first(), 'eth_getBlockByHash', unanswered('block1ByHash')).map((f) => f.kind)).toEqual(['inconsistent'])
  })

  it('schema-violation: an element that is not a block object', () => {
    expect(checkRangeElement(recorded('range1to2'), '0x1', 0).map((f) => [f.kind, f.pointer])).toEqual([['schema-violation', '/result/0']])
  })
})

/**
 * A node answering block 1 by number and by hash as the reference recorded it; `batchItem` may
 * change an item answered inside a batch, `alone` one answered by itself. Counts the requests.
 */
async function blockOneNode(
  options: { batchItem?: (block: Record<string, unknown>) => unknown; alone?: (block: Record<string, unknown>) => unknown } = {},
): Promise<{ http: HttpTransport; requests: () => number }> {
  let requests = 0
  const block = (method: string): Record<string, unknown> => recordedResult(method === 'eth_getBlockByHash' ? 'block1ByHash' : 'block1')
  const server = await httpServer((request, response) => {
    requests++
    void bodyOf(request).then((text) => {
      const body = JSON.parse(text) as { method: string; id: number } | Array<{ method: string; id: number }>
      const answer = (call: { method: string; id: number }, change?: (block: Record<string, unknown>) => unknown) => ({
        jsonrpc: '2.0',
        id: call.id,
        result: (change ?? ((b) => b))(block(call.method)),
      })
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(body) ? body.map((call) => answer(call, options.batchItem)) : answer(body, options.alone)))
    })
  })
  const http = new HttpTransport(server.url, { timeoutMs: 5000, maxResponseBytes: 1 << 20, headers: {}, gate: new RequestGate({ concurrency: 4 }) })
  cleanups.push(
    () => server.close(),
    () => http.close(),
  )
  return { http, requests: () => requests }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

describe('checkRangeAgainstLookups, against a node playing block 1', () => {
  it('passes a block the lookups agree with, looked up by number and by hash in one batch', async () => {
    const node = await blockOneNode()
    expect(await checkRangeAgainstLookups(node.http, recorded('range1to2'), [first()])).toEqual({ findings: [], asked: 2, unbatched: null })
    expect(node.requests()).toBe(1)
  })

  it('judges the lookup asked alone when its batch item differs: a node whose batches alone are wrong is not a RANGE-CONSISTENT finding', async () => {
    const node = await blockOneNode({ batchItem: (block) => ({ ...block, stateRoot: `0x${'00'.repeat(32)}` }) })
    expect((await checkRangeAgainstLookups(node.http, recorded('range1to2'), [first()])).findings).toEqual([])
    expect(node.requests()).toBe(3)
  })

  it('inconsistent: the lookup asked alone differs too, and the finding cites that call', async () => {
    const other = (block: Record<string, unknown>): unknown => ({ ...block, stateRoot: `0x${'00'.repeat(32)}` })
    const node = await blockOneNode({ batchItem: other, alone: other })
    const { findings } = await checkRangeAgainstLookups(node.http, recorded('range1to2'), [first()])
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['inconsistent', '/result/stateRoot']])
    expect(findings[0]!.exchange?.request).toMatchObject({ method: 'eth_getBlockByNumber' })
    expect(Array.isArray(findings[0]!.exchange?.request)).toBe(false)
  })

  it('schema-violation: an element that is not a block, after the blocks before it were compared', async () => {
    const node = await blockOneNode()
    const { findings } = await checkRangeAgainstLookups(node.http, recorded('range1to2'), [first(), '0x2'])
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([['schema-violation', '/result/1']])
  })
})
