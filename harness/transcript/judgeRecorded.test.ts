import { join } from 'node:path'
import * as fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { checkResult } from '../checks/outcomeFindings.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { judgeFixture } from './checkFixtures.js'
import { referenceExchanges, referenceTranscript } from './fixtures/referenceExchanges.js'
import { judgeRecorded, recordedJudgement } from './judgeRecorded.js'
import type { RecordedExchange } from './recordedExchange.js'
import { ReplayComparison } from './replayDifference.js'
import type { Exchange } from '../transport/exchange.js'
import { readTranscriptFiles } from './readTranscript.js'

const FIXTURES = join(packageRoot, 'harness/transcript/fixtures/execution-apis')

let spec: OpenRpcSpec
beforeAll(async () => {
  spec = await loadOpenRpc(join(packageRoot, 'openrpc.json'))
})

describe('judging recorded exchanges offline', () => {
  it('finds nothing wrong in the JSON-RPC answers of the committed reference transcript', () => {
    // The probes of malformed envelopes (ids of odd types, raw text) are judged by their checks, not per exchange.
    const judged = [...referenceTranscript()].flatMap(([check, exchanges]) =>
      /^(envelope|errors|http)\./.test(check) ? [] : exchanges.map((e) => ({ check, e })),
    )
    expect(judged.length).toBeGreaterThan(100)
    const findings = judged.flatMap(({ check, e }) => judgeRecorded(e, spec).map((f) => `${check} line ${e.line}: ${f.message}`))
    expect(findings).toEqual([])
  })

  it('finds the wrong mode in a recorded rollup_getInfo answer once it is changed', () => {
    const [info] = referenceExchanges('info.shape')
    const method = spec.methods.find((m) => m.name === 'rollup_getInfo')!
    expect(checkResult(info!, method.result.validate, 'rollup_getInfo').findings).toEqual([])
    const response = info!.response as { result: Record<string, unknown> }
    const changed = { ...info!, response: { ...response, result: { ...response.result, mode: 'archive' } } }
    expect(checkResult(changed, method.result.validate, 'rollup_getInfo').findings.map((f) => f.pointer)).toEqual(['/result/mode'])
  })

  it('passes every handwritten execution-apis fixture of the pass folder', () => {
    const results = readTranscriptFiles(join(FIXTURES, 'pass')).map((file) => judgeFixture(file, file.path, spec, false))
    expect(results.length).toBeGreaterThanOrEqual(5)
    expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message}`)).toEqual([])
  })

  it('fails every fixture of the fail folder, each under the requirement it breaks', () => {
    const results = Object.fromEntries(
      readTranscriptFiles(join(FIXTURES, 'fail')).map((file) => {
        const result = judgeFixture(file, file.path, spec, false)
        return [file.path.replace(/^.*fail\//, ''), `${result.status} ${result.requirement}`]
      }),
    )
    expect(results).toEqual({
      'errors/code-as-string.io': 'failed RPC-ENVELOPE',
      'eth_blockNumber/wrong-id.io': 'failed RPC-ENVELOPE',
      'eth_chainId/number-not-quantity.io': 'failed RPC-STANDARD',
      'eth_getAccounts/answers-accounts.io': 'failed BLOCKED-ACCOUNTS',
      'rollup_getInfo/counter-as-hex.io': 'failed INFO-SHAPE',
    })
  })

  it('says what each exchange was judged against: its method, or, the method not being in the spec, the envelope only', () => {
    const recorded = (request: unknown, response: unknown, extra: Partial<RecordedExchange> = {}): RecordedExchange => ({
      kind: 'exchange',
      transport: 'http',
      request,
      response,
      durationMs: 0,
      line: 1,
      ...extra,
    })
    const call = (id: number, method: string): object => ({ jsonrpc: '2.0', id, method })
    const basis = (exchange: RecordedExchange): object => {
      const { basis: on, unknownMethods, errorAnswers, findings } = recordedJudgement(exchange, spec)
      return { on, unknownMethods, errorAnswers, findings: findings.length }
    }
    expect(basis(recorded(call(1, 'eth_chainId'), { jsonrpc: '2.0', id: 1, result: '0x1' }))).toEqual({
      on: 'spec',
      unknownMethods: [],
      errorAnswers: 0,
      findings: 0,
    })
    expect(basis(recorded(call(1, 'eth_chainId'), { jsonrpc: '2.0', id: 1, result: 1 }))).toEqual({
      on: 'spec',
      unknownMethods: [],
      errorAnswers: 0,
      findings: 1,
    })
    expect(basis(recorded(call(1, 'eth_chainId'), { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no' } }))).toEqual({
      on: 'spec',
      unknownMethods: [],
      errorAnswers: 1,
      findings: 0,
    })
    // A blocked method is judged for answering an error: that is its definition, not an error's shape only.
    expect(basis(recorded(call(1, 'eth_getAccounts'), { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'blocked' } }))).toEqual({
      on: 'spec',
      unknownMethods: [],
      errorAnswers: 0,
      findings: 0,
    })
    expect(basis(recorded(call(1, 'debug_getRawBlock'), { jsonrpc: '2.0', id: 1, result: 'anything' }))).toEqual({
      on: 'envelope',
      unknownMethods: ['debug_getRawBlock'],
      errorAnswers: 0,
      findings: 0,
    })
    expect(basis(recorded(call(1, 'debug_getRawBlock'), { jsonrpc: '2.0', id: 2, result: 'anything' }))).toEqual({
      on: 'envelope',
      unknownMethods: ['debug_getRawBlock'],
      errorAnswers: 0,
      findings: 1,
    })
    // A batch is judged on the envelope only as soon as one of its calls is.
    const batch = [call(1, 'eth_chainId'), call(2, 'txpool_status')]
    expect(
      basis(
        recorded(batch, [
          { jsonrpc: '2.0', id: 1, result: '0x1' },
          { jsonrpc: '2.0', id: 2, result: {} },
        ]),
      ),
    ).toEqual({ on: 'envelope', unknownMethods: ['txpool_status'], errorAnswers: 0, findings: 0 })
    expect(basis(recorded('{not json', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } }, { requestIsRaw: true }))).toEqual({
      on: 'none',
      unknownMethods: [],
      errorAnswers: 0,
      findings: 0,
    })
  })

  it('never throws, whatever JSON was recorded or answered (judges and replay comparison are total)', () => {
    const methods = fc.constantFrom('eth_chainId', 'rollup_getInfo', 'eth_getBlockByNumber', 'eth_getAccounts', 'eth_getBlockRange', 'no_such_method')
    const request = fc.oneof(
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.jsonValue(), method: methods, params: fc.jsonValue() }),
      fc.array(fc.record({ id: fc.integer(), method: methods }), { maxLength: 3 }),
      fc.jsonValue(),
    )
    fc.assert(
      fc.property(request, fc.jsonValue(), fc.jsonValue(), (sent, answer, other) => {
        const recorded: RecordedExchange = { kind: 'exchange', transport: 'http', request: sent, response: answer, durationMs: 0, line: 1 }
        expect(Array.isArray(judgeRecorded(recorded, spec))).toBe(true)
        const exchange = (response: unknown): Exchange => ({ transport: 'http', url: '', request: sent, response, startedAt: 0, durationMs: 0 })
        new ReplayComparison(10).rpc(sent, exchange(answer), exchange(other))
        new ReplayComparison(10).rest(exchange(answer), exchange(other))
      }),
      { numRuns: 300 },
    )
  })
})
