import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIBRARIES } from '../clients/libraries.js'
import { cellStatus, clientMatrix } from './clientMatrix.js'
import { htmlReport } from './htmlReport.js'
import { reportSchemaErrors } from './reportSchemaErrors.js'
import type { CheckResult } from './result.js'
import { sampleReport } from './sampleReport.js'
import { writeReports } from './writeReports.js'

const client = (id: string, status: CheckResult['status'], message = ''): CheckResult => ({
  id,
  requirement: 'CLIENT-COMPAT',
  level: 'SHOULD',
  title: id,
  status,
  message,
  durationMs: 3,
})
const results = [
  client('client.viem.chain-id', 'passed'),
  client('client.ethers.chain-id', 'warning', 'ethers _detectNetwork threw: bad'),
  client('client.web3.watch-blocks', 'inconclusive', 'no head'),
  client('client.ethers.transaction', 'passed'),
  { ...client('range.order', 'passed'), requirement: 'RANGE-ORDER' as const, level: 'MUST' as const },
]

describe('clientMatrix', () => {
  it('holds each library at its version, the operations in their order, a cell per check of CLIENT-COMPAT', () => {
    const matrix = clientMatrix(results)!
    expect(matrix.libraries).toEqual(LIBRARIES.map(({ name, version }) => ({ name, version })))
    expect(matrix.operations).toEqual(['chain-id', 'transaction', 'watch-blocks'])
    expect(cellStatus(matrix, 'ethers', 'chain-id')).toMatchObject({ status: 'warning', check: 'client.ethers.chain-id' })
    expect(cellStatus(matrix, 'web3', 'chain-id')).toBeUndefined()
    expect(clientMatrix(results.slice(4))).toBeNull()
  })

  it('is written into report.json (valid against its schema) and shown as a table in report.html', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-clients-'))
    const report = sampleReport({ schemaVersion: 2, verdict: 'pass', exitCode: 0, selection: { only: [], skip: [] }, options: {}, results })
    await writeReports(report, dir)
    const written = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Record<string, unknown>
    expect(reportSchemaErrors(written)).toEqual([])
    expect(Object.keys(written).slice(-2)).toEqual(['clients', 'results'])
    expect(written.clients).toEqual(clientMatrix(results))
    const html = htmlReport(report)
    expect(html).toContain('<section id="clients"')
    expect(html).toMatch(/<th scope="col">viem <span class="muted">2\.57\.20<\/span><\/th>/)
    expect(html).toMatch(/<td data-check="client\.ethers\.chain-id"><a href="#check-\d+"><span class="badge s-warning">WARN<\/span><\/a><\/td>/)
    expect(html).toContain('<td class="muted">not in this run</td>')
  })

  it('is left out of a report without client checks', () => {
    expect(htmlReport(sampleReport({ results: results.slice(4) }))).not.toContain('id="clients"')
  })
})
