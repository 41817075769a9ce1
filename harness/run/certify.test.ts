import { describe, expect, it } from 'vitest'
import { EVIDENCE_BYTES } from '../report/boundEvidence.js'
import type { Exchange } from '../transport/exchange.js'
import { certify, Probe, recordExchange, type DeclaredCheck } from './certify.js'

const spec: DeclaredCheck = { id: 'range.order', requirement: 'RANGE-ORDER', level: 'MUST', title: 'blocks ascend' }
const options = { strict: false, reproduce: (exchange: Exchange) => `curl ${exchange.url}` }
const exchange = (extra: Partial<Exchange> = {}): Exchange => ({
  transport: 'http',
  url: 'http://127.0.0.1:8545',
  request: { jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x0', '0x1'], id: 1 },
  startedAt: 0,
  durationMs: 4.24,
  ...extra,
})
const unusable = (): Exchange =>
  exchange({ failure: { code: 'L2CONF_ERR_UNUSABLE' as never, message: 'http is unusable: 3 consecutive time-outs' }, durationMs: 0 })

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
    const result = await certify(
      spec,
      async (probe) => {
        probe.fail('expected two blocks, got none', real)
        probe.fail('no answer', unusable())
      },
      options,
    )
    expect(result.status).toBe('failed')
    expect(result.evidence?.response).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
  })
  it('keeps at most 64 KiB of evidence per exchange, noting the original size, and latencies as numbers', async () => {
    const huge = { jsonrpc: '2.0', id: 1, result: 'f'.repeat(5_000_000) }
    const result = await certify(
      spec,
      async (probe) => {
        const witness = exchange({ response: huge })
        recordExchange(witness)
        probe.fail('a 5 MB answer', witness)
      },
      options,
    )
    expect(Buffer.byteLength(JSON.stringify(result.evidence))).toBeLessThan(EVIDENCE_BYTES + 1024)
    expect(result.evidence?.response).toMatchObject({ truncated: true, originalBytes: JSON.stringify(huge).length })
    expect(result.latencies).toEqual([{ method: 'eth_getBlockRange', transport: 'http', ms: 4.2 }])
  })
  it('keeps of a judged exchange its bounded evidence, not the body, however many findings cite it', () => {
    const huge = { jsonrpc: '2.0', id: 1, result: Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`k${index}`, index])) }
    const witness = exchange({ response: huge, responseBytes: JSON.stringify(huge).length })
    const probe = new Probe(spec)
    probe.add([
      { kind: 'schema-violation', message: 'unexpected key k0', exchange: witness },
      { kind: 'inconclusive', message: 'the head moved', exchange: witness },
    ])
    const kept = probe.findings[0]?.exchange
    expect(kept?.response).toMatchObject({ truncated: true, originalBytes: JSON.stringify(huge).length })
    expect(kept?.request).toBe(witness.request)
    expect(probe.undecided[0]?.exchange).toBe(kept)
    expect(witness.response).toBe(huge)
  })
  it('takes the level from the requirement table, not from the check', async () => {
    const result = await certify(
      { id: 'range.invalid.reversed', requirement: 'RANGE-INVALID', level: 'SHOULD', title: 'reversed' },
      async (probe) => probe.fail('answered []'),
      options,
    )
    expect(result).toMatchObject({ level: 'SHOULD', status: 'warning' })
  })
  it('ranks findings by kind, says a repeated one once, and keeps their kinds in the result', async () => {
    const real = exchange({ response: { jsonrpc: '2.0', id: 1, result: [] } })
    const result = await certify(
      spec,
      async (probe) => {
        probe.add([{ kind: 'wrong-value', message: 'element 0 is block 2', exchange: real, pointer: '/result/0/number' }])
        probe.add([{ kind: 'wrong-value', message: 'element 0 is block 2', exchange: real, pointer: '/result/0/number' }])
        probe.add([{ kind: 'no-answer', message: 'no usable answer', exchange: real }])
        probe.fail('an untyped finding', real)
      },
      options,
    )
    expect(result.findings).toEqual([
      { kind: 'no-answer', message: 'no usable answer' },
      { kind: 'wrong-value', message: 'element 0 is block 2', pointer: '/result/0/number' },
      { kind: 'violation', message: 'an untyped finding' },
    ])
    expect(result.message).toBe('no usable answer; element 0 is block 2 (at /result/0/number); an untyped finding')
  })
  it('makes a check whose judge returns an inconclusive finding inconclusive, and a real finding beside it wins', async () => {
    const undecided = await certify(spec, async (probe) => probe.add([{ kind: 'inconclusive', message: 'l2GasPrice changed during the check' }]), options)
    expect(undecided).toMatchObject({
      status: 'inconclusive',
      message: 'l2GasPrice changed during the check',
      findings: [{ kind: 'inconclusive', message: 'l2GasPrice changed during the check' }],
    })
    const failed = await certify(
      spec,
      async (probe) => {
        probe.inconclusive('the head moved')
        probe.fail('expected 2 blocks', exchange({ response: { jsonrpc: '2.0', id: 1, result: [] } }), undefined, 'wrong-value')
      },
      options,
    )
    expect(failed.status).toBe('failed')
  })
  it('a body that throws is a finding of kind check-crashed', async () => {
    const result = await certify(
      spec,
      async () => {
        throw new Error('boom')
      },
      options,
    )
    expect(result).toMatchObject({ status: 'failed', findings: [{ kind: 'check-crashed', message: 'the check could not complete: boom' }] })
  })
})

describe('certify: a request the target left unanswered because it stopped answering', () => {
  it("is not the check's failure: the check is not-run with when and after what; an unanswered request of a live target still fails it", async () => {
    const { RunHealth } = await import('../transport/transportHealth.js')
    const exchange: Exchange = {
      transport: 'http',
      url: 'http://127.0.0.1:9',
      request: { method: 'eth_chainId' },
      startedAt: 7,
      durationMs: 0,
      failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer within 10000 ms' },
    }
    const spec = { id: 'x.one', requirement: 'RPC-STANDARD' as const, level: 'MUST' as const, title: 't' }
    const dead = new RunHealth()
    dead.http.timedOut('eth_chainId: no answer within 10000 ms', async () => false, exchange)
    const silent = await certify(spec, async (probe) => probe.add([{ kind: 'no-answer', message: 'no usable answer', exchange }]), {
      strict: false,
      reproduce: () => '',
      health: dead,
    })
    expect(silent).toMatchObject({ status: 'not-run', message: 'the target stopped answering: eth_chainId: no answer within 10000 ms' })
    const alive = new RunHealth()
    alive.http.timedOut('eth_chainId: no answer within 10000 ms', async () => true, exchange)
    const failed = await certify(spec, async (probe) => probe.add([{ kind: 'no-answer', message: 'no usable answer', exchange }]), {
      strict: false,
      reproduce: () => '',
      health: alive,
    })
    expect(failed.status).toBe('failed')
  })
})
