import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../../harness/reference/startReference.js'
import { rpcResult } from '../../harness/chain/rpcAnswer.js'
import type { SweepReport } from '../../harness/sweep/sweepReport.js'
import { sweepSchemaErrors } from '../../harness/sweep/sweepSchemaErrors.js'
import { startMutantProxy, type MutantProxy } from '../mutants/mutantProxy.js'
import { runCli } from '../support/runCli.js'
import { balanceFromNextBlock, rangeDropsTransaction, receiptWithOtherLogs } from './oldBlockVariants.js'

/** Blocks of history: a few hundred, so the broken block is far from the head and the file stays quick. */
const HISTORY = 300
/** The old block each variant breaks: 250 blocks behind the head. */
const BROKEN = 50

let reference: ReferenceHandle
let proxy: MutantProxy
let dir: string

const read = (path: string): SweepReport => JSON.parse(readFileSync(path, 'utf8')) as SweepReport
const firstBlock = (report: SweepReport, check: string): number | undefined => report.checks.find((c) => c.check === check)?.first[0]?.block

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'l2conf-sweep-'))
  reference = await startReference({ args: ['--history', String(HISTORY)] })
  // Another block's receipt logs, as that receipt shows them: the first block after BROKEN with logs.
  let logs: unknown[] = []
  for (let n = BROKEN + 1; logs.length === 0; n++) {
    const block = (await rpcResult(reference.rpc, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as { transactions: string[] }
    const receipt = (await rpcResult(reference.rpc, 'eth_getTransactionReceipt', [block.transactions[0]])) as { logs: unknown[] }
    logs = receipt.logs
  }
  proxy = await startMutantProxy({
    upstreamRpc: reference.rpc,
    upstreamWs: reference.ws,
    upstreamRest: reference.rest,
    mutants: [receiptWithOtherLogs(BROKEN, logs), rangeDropsTransaction(BROKEN), balanceFromNextBlock(BROKEN)],
  })
}, 120_000)

afterAll(async () => {
  await proxy?.stop()
  await reference?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('l2conf sweep', () => {
  it('verifies every block of the reference, and writes report.json (valid against its schema) and junit.xml', async () => {
    const out = join(dir, 'one')
    const run = await runCli(['sweep', '--rpc', reference.rpc, '--blocks', '0..latest', '--report-dir', out, '--window', '50'])
    expect(run.code, run.stderr + run.stdout).toBe(0)
    const report = read(join(out, 'report.json'))
    expect(sweepSchemaErrors(report)).toEqual([])
    expect(report.verdict).toBe('pass')
    expect(report.covered.blocks).toBeGreaterThanOrEqual(HISTORY + 1)
    expect(report.covered.ranges).toEqual([[0, report.covered.blocks - 1]])
    expect(report.covered.receipts).toBe(report.covered.transactions)
    expect(report.covered.logs).toBeGreaterThan(0)
    expect(report.checks).toEqual([])
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).not.toContain('<failure')
  })

  it("names the old block whose receipt holds another block's logs, with a curl line", async () => {
    const out = join(dir, 'receipt')
    const run = await runCli(['sweep', '--rpc', proxy.url('receipt-with-another-blocks-logs').rpc, '--blocks', '0..latest', '--report-dir', out])
    expect(run.code, run.stderr + run.stdout).toBe(1)
    const report = read(join(out, 'report.json'))
    expect(sweepSchemaErrors(report)).toEqual([])
    for (const check of ['receiptsRoot', 'logs', 'getLogs']) expect(firstBlock(report, check), check).toBe(BROKEN)
    expect(new Set(report.checks.flatMap((c) => c.first.map((f) => f.block)))).toEqual(new Set([BROKEN]))
    const evidence = report.checks.find((c) => c.check === 'receiptsRoot')?.first[0]
    expect(evidence?.reproduce.some((line) => line.startsWith('curl ') && line.includes('eth_getTransactionReceipt'))).toBe(true)
    expect(run.stdout).toContain(`first at block ${BROKEN}`)
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain(`first at block ${BROKEN}`)
  })

  it('names the block a range answer drops a transaction of, far from the head', async () => {
    const out = join(dir, 'range')
    const run = await runCli(['sweep', '--rpc', proxy.url('range-drops-a-transaction').rpc, '--blocks', '0..latest', '--report-dir', out, '--quiet'])
    expect(run.code, run.stderr + run.stdout).toBe(1)
    const report = read(join(out, 'report.json'))
    expect(report.checks.map((c) => [c.check, c.failing, c.first[0]?.block])).toEqual([['range', 1, BROKEN]])
    expect(report.checks[0]?.first[0]?.pointer).toMatch(/\/transactions\/length$/)
  })

  it('finds the two references agree, state reads included, and a balance served from the next block at that block', async () => {
    const same = join(dir, 'same')
    const agree = await runCli([
      'sweep',
      '--rpc',
      reference.rpc,
      '--rpc',
      proxy.url('clean').rpc,
      '--blocks',
      `${BROKEN - 5}..${BROKEN + 5}`,
      '--state',
      '--report-dir',
      same,
      '--quiet',
    ])
    expect(agree.code, agree.stderr + agree.stdout).toBe(0)
    const clean = read(join(same, 'report.json'))
    expect(sweepSchemaErrors(clean)).toEqual([])
    expect(clean.covered.stateReads).toBeGreaterThan(0)
    expect(clean.methods.map((m) => m.method)).toEqual(
      expect.arrayContaining(['eth_getBalance', 'eth_getBlockByNumber', 'eth_getBlockRange', 'eth_getLogs', 'eth_getTransactionReceipt']),
    )
    expect(clean.methods.every((m) => m.differing === 0)).toBe(true)

    const out = join(dir, 'balance')
    const run = await runCli([
      'sweep',
      '--rpc',
      reference.rpc,
      '--rpc',
      proxy.url('balance-from-next-block').rpc,
      '--blocks',
      `${BROKEN - 5}..${BROKEN + 5}`,
      '--state',
      '--report-dir',
      out,
      '--quiet',
    ])
    expect(run.code, run.stderr + run.stdout).toBe(1)
    const report = read(join(out, 'report.json'))
    expect(report.checks.map((c) => [c.check, c.method, c.side])).toEqual([['state', 'eth_getBalance', null]])
    expect(report.checks[0]?.first.every((f) => f.block === BROKEN)).toBe(true)
    expect(report.checks[0]?.first[0]?.reproduce.map((line) => line.slice(0, 8))).toEqual(['A: curl ', 'B: curl '])
  })
})
