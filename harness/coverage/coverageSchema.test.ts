import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import type { Report } from '../report/result.js'
import { sampleReport } from '../report/sampleReport.js'
import { summarize } from '../report/summarize.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { Coverage } from './coverage.js'
import { createCoverage } from './createCoverage.js'

let coverage: Coverage

beforeAll(async () => {
  const recorder = createCoverage({
    openrpc: await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), { compile: 'on-first-use' }),
    openapi: await loadOpenApi(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), { compile: 'on-first-use' }),
  })
  const exchange = (request: unknown, response: unknown) => ({ transport: 'http' as const, url: 'u', request, response, startedAt: 0, durationMs: 1 })
  recorder.observe(exchange({ jsonrpc: '2.0', method: 'eth_getBlockRange', params: ['0x1', 'latest', false], id: 1 }, { jsonrpc: '2.0', id: 1, result: [] }))
  recorder.observe(exchange({ jsonrpc: '2.0', method: 'eth_syncing', id: 2 }, { jsonrpc: '2.0', id: 2, result: false }))
  recorder.observe(exchange({ jsonrpc: '2.0', method: 'eth_chainId', id: 3 }, { jsonrpc: '2.0', id: 3, error: { code: -32099, message: 'odd' } }))
  recorder.observe(exchange({ jsonrpc: '2.0', method: 'nope', id: 4 }, { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'no' } }))
  recorder.observe({ ...exchange({ method: 'GET', url: 'http://h/api/portfolio?addresses=0x1', headers: {} }, {}), protocol: 'rest', httpStatus: 599 })
  recorder.observe({ ...exchange({ method: 'PUT', url: 'http://h/api/portfolio', headers: {} }, {}), protocol: 'rest', httpStatus: 405 })
  recorder.observeNotification?.({ jsonrpc: '2.0', method: 'eth_subscription', params: {} })
  coverage = recorder.result()
})

/** The sample report as `l2conf run` writes it, with a coverage. */
function reportWith(value: unknown): Report {
  const report = sampleReport()
  return {
    schemaVersion: 2,
    verdict: 'fail',
    exitCode: 1,
    selection: { only: [], skip: [] },
    options: {},
    ...report,
    summary: summarize(report.results),
    coverage: value as Coverage,
  }
}

describe('report.schema.json describes coverage', () => {
  it('accepts a coverage as the recorder makes it: branches, undeclared methods, codes, operations and statuses', () => {
    expect(coverage.undeclaredMethods).not.toEqual([])
    expect(coverage.undeclaredOperations).not.toEqual([])
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(reportWith(coverage))))).toEqual([])
  })

  it('refuses a coverage missing what a reader relies on', () => {
    const { totals: _totals, ...noTotals } = coverage
    expect(reportSchemaErrors(reportWith(noTotals))).toContain("/coverage must have required property 'totals'")
    const badCount = structuredClone(coverage)
    badCount.methods[0]!.calls = -1
    expect(reportSchemaErrors(reportWith(badCount))).toContain('/coverage/methods/0/calls must be >= 0')
  })
})
