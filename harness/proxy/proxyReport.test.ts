import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { createCoverage } from '../coverage/createCoverage.js'
import { exchangeOf, recorded } from '../requirements/fixtures/recorded.js'
import { redactReport } from '../report/redact.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import { loadOpenApi, type OpenApiSpec } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { createLiveJudge, type LiveJudge } from './liveJudge.js'
import { proxyReport, type ProxyReportContext } from './proxyReport.js'
import { FINDINGS_PER_REQUIREMENT, NOTE_SAMPLES, ProxyTally, SAMPLES_PER_REQUIREMENT } from './proxyTally.js'

let specs: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
let judge: LiveJudge
beforeAll(async () => {
  specs = { openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')), openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')) }
  judge = createLiveJudge(specs)
})

const context = (): ProxyReportContext => ({
  target: { rpc: 'http://node:8545', ws: null, rest: null },
  specs: {
    openrpc: { path: specs.openrpc.file, version: specs.openrpc.version, sha256: specs.openrpc.sha256 },
    openapi: { path: specs.openapi.file, version: specs.openapi.version, sha256: specs.openapi.sha256 },
  },
  tool: { name: 'l2conf', version: '0.0.0' },
  strict: false,
  options: {},
  judgeBytes: 16 * 1024 * 1024,
  reason: 'SIGTERM',
  coverage: createCoverage(specs).result(),
})

const record = (tally: ProxyTally, exchange: ReturnType<typeof recorded>): void => tally.record(judge.rpc(exchange), 'http', exchange)

describe('proxyReport', () => {
  it('no traffic certifies nothing: exit 1, never a pass', () => {
    const report = proxyReport(new ProxyTally(), context())
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({ verdict: 'nothing-certified', exitCode: 1, results: [] })
    expect(report.warnings).toContain('no exchange went through the proxy: nothing was certified')
  })

  it('a MUST violation fails the report, with the exchange as evidence and a line that reproduces it; a pass elsewhere', () => {
    const tally = new ProxyTally()
    record(tally, recorded('chainId'))
    const accounts = recorded('accounts')
    record(tally, { ...accounts, response: { jsonrpc: '2.0', id: 1, result: [] } })
    const report = proxyReport(tally, context())
    expect(reportSchemaErrors(report)).toEqual([])
    expect(report).toMatchObject({ verdict: 'fail', exitCode: 1 })
    const blocked = report.results.find((r) => r.requirement === 'BLOCKED-ACCOUNTS')!
    expect(blocked).toMatchObject({
      id: 'proxy.BLOCKED-ACCOUNTS',
      status: 'failed',
      evidence: { request: { method: 'eth_getAccounts' }, response: { result: [] } },
    })
    expect(blocked.message).toMatch(/^1 exchange\(s\) of live traffic judged, 1 violated it: eth_getAccounts \(x-blocked\) was answered with a result/)
    expect(blocked.reproduce).toContain("curl -sS -i -X POST -H 'Content-Type: application/json' --data-raw")
    expect(report.results.find((r) => r.requirement === 'RPC-STANDARD')).toMatchObject({
      status: 'passed',
      message: '1 exchange(s) of live traffic judged, none violated it',
    })
  })

  it('a SHOULD violation is a warning, failed only with --strict', () => {
    const tally = new ProxyTally()
    const parseError = { ...exchangeOf('{', { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'no' } }), requestIsRaw: true }
    record(tally, parseError)
    expect(proxyReport(tally, context())).toMatchObject({ verdict: 'pass', exitCode: 0, results: [{ requirement: 'RPC-ERRORS', status: 'warning' }] })
    expect(proxyReport(tally, { ...context(), strict: true })).toMatchObject({ verdict: 'fail', exitCode: 1 })
  })

  it('keeps counters and a few bounded samples under any amount of traffic, never the traffic', () => {
    const tally = new ProxyTally()
    const range = recorded('range1to2')
    const huge = 'ff'.repeat(512 * 1024)
    for (let i = 0; i < 2000; i++) {
      // Each answer different and a megabyte large: a report keeping them would hold 2 GB.
      const blocks = [{ number: `0x${(i + 5).toString(16)}`, pad: huge }]
      record(tally, {
        ...range,
        request: { ...(range.request as object), id: i },
        response: { jsonrpc: '2.0', id: i, result: blocks },
        responseBytes: huge.length,
      })
      tally.noteClientFault(`fault ${i}`)
    }
    const order = tally.requirements.get('RANGE-ORDER')!
    expect(order).toMatchObject({ judged: 2000, violations: 2000 })
    expect(order.findings.length).toBeLessThanOrEqual(FINDINGS_PER_REQUIREMENT)
    expect(new Set(order.findings.map((f) => f.exchange).filter((e) => e !== undefined)).size).toBeLessThanOrEqual(SAMPLES_PER_REQUIREMENT)
    expect(tally.clientFaults).toMatchObject({ count: 2000 })
    expect(tally.clientFaults.samples).toHaveLength(NOTE_SAMPLES)
    const report = proxyReport(tally, context())
    expect(reportSchemaErrors(report)).toEqual([])
    expect(Buffer.byteLength(JSON.stringify(report))).toBeLessThan(1024 * 1024)
    expect(JSON.stringify(report.results.find((r) => r.requirement === 'RANGE-ORDER')!.evidence)).toContain('"truncated":true')
  })

  it('masks header values and address secrets wherever an exchange carried them', () => {
    const tally = new ProxyTally()
    const token = 'Bearer s3cr3t-t0ken-value'
    const accounts = recorded('accounts')
    record(tally, { ...accounts, url: 'http://node/v3/9aa3d95b3bc440fa88ea12eaa4456161', response: { jsonrpc: '2.0', id: 1, result: [token] } })
    const report = redactReport(proxyReport(tally, context()), [token, '9aa3d95b3bc440fa88ea12eaa4456161'])
    const text = JSON.stringify(report)
    expect(text).not.toContain('s3cr3t-t0ken-value')
    expect(text).not.toContain('9aa3d95b3bc440fa88ea12eaa4456161')
    expect(text).toContain('[REDACTED]')
  })
})
