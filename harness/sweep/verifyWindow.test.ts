import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareWindows } from './compareWindows.js'
import { referenceWindow } from './fixtures/referenceWindow.js'
import type { SweepFinding } from './sweepFinding.js'
import type { WindowRead } from './verifyWindow.js'
import { verifyWindow } from './verifyWindow.js'

type Json = Record<string, any>
const result = (e: { response?: unknown }): any => (e.response as Json).result
const judge = (read: WindowRead): SweepFinding[] => verifyWindow(read, undefined, new Map())
const named = (findings: SweepFinding[]): Array<[string, number]> => findings.map((f) => [f.check, f.block])

describe('verifyWindow() on the reference', () => {
  it('finds nothing wrong with the reference as it answers', () => {
    const unjudged = new Map<string, number>()
    expect(verifyWindow(referenceWindow(), undefined, unjudged)).toEqual([])
    expect(unjudged.size).toBe(0)
  })

  it('names the block whose hash is not its header', () => {
    const read = referenceWindow()
    result(read.blocks[1]!.block).extraData = '0x01'
    result(read.range)[1].extraData = '0x01'
    expect(named(judge(read))).toEqual([['hash', 22]])
  })

  it("names the block whose receipt holds another block's logs: receiptsRoot, logs, getLogs", () => {
    const read = referenceWindow()
    result(read.blocks[0]!.receipts[0]!).logs = result(read.blocks[1]!.receipts[0]!).logs
    const findings = judge(read)
    expect(new Set(named(findings).map(([check]) => check))).toEqual(new Set(['logs', 'logsBloom', 'receiptsRoot', 'getLogs']))
    expect(findings.every((f) => f.block === 21)).toBe(true)
  })

  it('names the block a range answer lacks a transaction of, with the pointer', () => {
    const read = referenceWindow()
    result(read.range)[2].transactions = []
    const findings = judge(read)
    expect(named(findings)).toEqual([['range', 23]])
    expect(findings[0]?.pointer).toBe('/2/transactions/length')
  })

  it('names a broken link, a wrong transaction index, cumulative gas that does not add up, and a wrong block bloom', () => {
    const read = referenceWindow()
    result(read.blocks[2]!.block).parentHash = `0x${'11'.repeat(32)}`
    result(read.blocks[0]!.block).transactions[0].transactionIndex = '0x1'
    result(read.blocks[1]!.receipts[0]!).cumulativeGasUsed = '0x1'
    result(read.blocks[1]!.block).logsBloom = `0x${'00'.repeat(256)}`
    const checks = judge(read).map((f) => `${f.check}@${f.block}`)
    expect(checks).toEqual(expect.arrayContaining(['parentHash@23', 'transactions@21', 'receipts@22', 'logsBloom@22']))
  })

  it('names the block eth_getLogs leaves a log of out', () => {
    const read = referenceWindow()
    result(read.logs).pop()
    expect(named(judge(read))).toEqual([['getLogs', 22]])
  })

  it('never throws, whatever the node answered', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (block, receipt, range, logs) => {
        const read = referenceWindow()
        ;(read.blocks[0]!.block.response as Json).result = block
        ;(read.blocks[1]!.receipts[0]!.response as Json).result = receipt
        ;(read.range.response as Json).result = range
        read.logs.response = logs
        const a = verifyWindow(read, 'A', new Map())
        expect(Array.isArray(a)).toBe(true)
        expect(Array.isArray(compareWindows(read, referenceWindow(), 100).findings)).toBe(true)
      }),
      { numRuns: 200, seed: 36 },
    )
  })
})

describe('compareWindows()', () => {
  it('finds two identical nodes agree, and names the block and field where they differ', () => {
    expect(compareWindows(referenceWindow(), referenceWindow(), 100).findings).toEqual([])
    const b = referenceWindow()
    result(b.blocks[1]!.block).transactions[0].gas = '0x1'
    result(b.range)[1].transactions[0].gas = '0x1'
    const findings = compareWindows(referenceWindow(), b, 100).findings
    expect(findings.map((f) => [f.method, f.field, f.block])).toEqual([
      ['eth_getBlockRange', '/transactions/*/gas', 22],
      ['eth_getBlockByNumber', '/transactions/*/gas', 22],
    ])
  })

  it('compares errors by code and data, and counts a refusal both nodes share', () => {
    const a = referenceWindow()
    const b = referenceWindow()
    a.range.response = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no such method' } }
    b.range.response = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'method not found' } }
    const same = compareWindows(a, b, 100)
    expect(same.findings).toEqual([])
    expect(same.counts.get('eth_getBlockRange')).toEqual({ asked: 1, differing: 0, bothRefused: 1 })
    b.range.response = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x', data: { blocked: true } } }
    expect(compareWindows(a, b, 100).findings.map((f) => [f.field, f.block])).toEqual([['error-data', 21]])
  })
})
