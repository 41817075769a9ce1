import { describe, expect, it } from 'vitest'
import type { Exchange } from '../transport/exchange.js'
import { checkBatchIds, ENVELOPE_IDS, idBatch } from './RPC-ENVELOPE.ids.js'

const requests = idBatch('eth_chainId')
const answer = (id: unknown): Record<string, unknown> => ({ jsonrpc: '2.0', id, result: '0x1' })
const exchange = (response: unknown): Exchange => ({ transport: 'http', url: 'http://node', request: requests, response, startedAt: 0, durationMs: 1 })

describe('checkBatchIds', () => {
  it('passes a batch whose every id comes back exactly, in any order', () => {
    expect(checkBatchIds(exchange(ENVELOPE_IDS.map(answer).reverse()), requests)).toEqual([])
  })

  it('fails an id echoed with another value or JSON type, or answered twice', () => {
    const mangled = ENVELOPE_IDS.map((id) => answer(id === '42' ? 42 : id === 1 ? 2 : id))
    const findings = checkBatchIds(exchange(mangled), requests)
    expect(findings.map((f) => f.kind)).toEqual(['envelope-id-mismatch', 'envelope-id-mismatch'])
    expect(findings.map((f) => f.pointer)).toEqual(['/2/id', '/6/id'])
    const twice = checkBatchIds(exchange([...ENVELOPE_IDS.map(answer), answer(0)]), requests)
    expect(twice[0]?.message).toMatch(/answered twice/)
  })

  it('leaves a refused or short batch to the batch requirement: inconclusive, not failed', () => {
    const refused = checkBatchIds(exchange({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batches are not served' } }), requests)
    expect(refused.map((f) => f.kind)).toEqual(['inconclusive'])
    const short = checkBatchIds(exchange(ENVELOPE_IDS.slice(0, 3).map(answer)), requests)
    expect(short.map((f) => f.kind)).toEqual(['inconclusive'])
    expect(short[0]?.message).toMatch(/answered 3 of 10 requests/)
  })

  it('fails a short batch whose answers carry wrong ids: that is the envelope', () => {
    const findings = checkBatchIds(exchange([answer(null)]), requests)
    expect(findings.map((f) => f.kind)).toContain('envelope-id-mismatch')
    expect(findings.map((f) => f.kind)).not.toContain('inconclusive')
  })
})
