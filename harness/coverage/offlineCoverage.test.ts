import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import type { Report } from '../report/result.js'
import { checkFixtures } from '../transcript/checkFixtures.js'
import { readTranscriptFiles } from '../transcript/readTranscript.js'

// Real fixtures of the execution-apis project, and that project's own OpenRPC document.
const UPSTREAM = join(packageRoot, 'harness/transcript/fixtures/execution-apis-upstream')
const EXECUTION_APIS = join(packageRoot, 'harness/lint/fixtures/execution-apis/openrpc.json')

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'l2conf-offline-coverage-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** `l2conf check` of the upstream fixtures against a spec (the bundled one when undefined): its report.json. */
async function check(openrpc: string | undefined, name: string): Promise<Report> {
  const quiet = [vi.spyOn(console, 'log').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})]
  try {
    const reportDir = join(work, name)
    await checkFixtures(readTranscriptFiles(UPSTREAM), { dir: UPSTREAM, openrpc, reportDir, strict: false })
    return JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
  } finally {
    for (const spy of quiet) spy.mockRestore()
  }
}

describe('coverage of a check of execution-apis fixtures', () => {
  it('against the bundled spec: its methods the fixtures call, the others listed apart', async () => {
    const report = await check(undefined, 'bundled')
    const coverage = report.coverage!
    const called = coverage.methods.filter((method) => method.calls > 0).map((method) => method.name)
    expect(called.sort()).toEqual(['eth_chainId', 'eth_getStorageAt', 'eth_getTransactionCount', 'eth_sendRawTransaction'])
    expect(coverage.undeclaredMethods.map((method) => method.name).sort()).toEqual(['debug_getRawBlock', 'eth_baseFee', 'testing_buildBlockV1'])
    const storage = coverage.methods.find((method) => method.name === 'eth_getStorageAt')!
    expect(storage.errors.find((error) => error.code === -32602)?.seen).toBe(1)
    expect(coverage.specs.openrpc.sha256).toBe(report.specs.openrpc.sha256)
    expect(reportSchemaErrors(report)).toEqual([])
  })

  it('against the execution-apis document: every fixture’s method is declared there, and covered', async () => {
    const report = await check(EXECUTION_APIS, 'execution-apis')
    const coverage = report.coverage!
    expect(coverage.undeclaredMethods).toEqual([])
    expect(coverage.totals.methods.covered).toBe(7)
    expect(coverage.totals.methods.declared).toBeGreaterThan(50)
    expect(coverage.methods.find((method) => method.name === 'eth_baseFee')).toMatchObject({ calls: 1, answered: 1 })
    expect(reportSchemaErrors(report)).toEqual([])
  })
})
