import { describe, expect, it } from 'vitest'
import { EVIDENCE_BYTES } from '../report/boundEvidence.js'
import type { Exchange } from '../transport/exchange.js'
import { certify, recordExchange, type CheckSpec } from './certify.js'

const spec: CheckSpec = { id: 'range.order', requirement: 'RANGE-ORDER', level: 'MUST', title: 'blocks ascend' }
const options = { strict: false, reproduce: (exchange: Exchange) => `curl ${exchange.url}` }
const exchange = (extra: Partial<Exchange> = {}): Exchange => ({
  transport: 'http', url: 'http://127.0.0.1:8545', request: { jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x0', '0x1'], id: 1 },
  startedAt: 0, durationMs: 4.24, ...extra,
})
const unusable = (): Exchange => exchange({ failure: { code: 'L2CONF_ERR_UNUSABLE' as never, message: 'http is unusable: 3 consecutive time-outs' }, durationMs: 0 })

describe('certify', () => {
  it('makes a check that could not decide inconclusive, never passed', async () => {
    const result = await certify(spec, async (probe) => probe.inconclusive('the head moved from 0x10 to 0x11'), options)
    expect(result).toMatchObject({ status: 'inconclusive', message: 'the head moved from 0x10 to 0x11' })
  })
  it('makes a check whose only findings come from an unusable transport not-run, with its reason', async () => {
    const result = await certify(spec, async (probe) => probe.fail('no answer', unusable()), options)
    expect(result).toMatchObject({ status: 'not-run', message: 'http is unusable: 3 consecutive time-outs' })
    expect(result.evidence).toBeUndefined()
  })
  it('still fails a check with a finding from a real exchange made before the transport became unusable', async () => {
    const real = exchange({ response: { jsonrpc: '2.0', id: 1, result: [] } })
    const result = await certify(spec, async (probe) => {
      probe.fail('expected two blocks, got none', real)
      probe.fail('no answer', unusable())
    }, options)
    expect(result.status).toBe('failed')
    expect(result.evidence?.response).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
  })
  it('keeps at most 64 KiB of evidence per exchange, noting the original size, and latencies as numbers', async () => {
    const huge = { jsonrpc: '2.0', id: 1, result: 'f'.repeat(5_000_000) }
    const result = await certify(spec, async (probe) => {
      const witness = exchange({ response: huge })
      recordExchange(witness)
      probe.fail('a 5 MB answer', witness)
    }, options)
    expect(Buffer.byteLength(JSON.stringify(result.evidence))).toBeLessThan(EVIDENCE_BYTES + 1024)
    expect(result.evidence?.response).toMatchObject({ truncated: true, originalBytes: JSON.stringify(huge).length })
    expect(result.latencies).toEqual([{ method: 'eth_getBlockRange', transport: 'http', ms: 4.2 }])
  })
})
