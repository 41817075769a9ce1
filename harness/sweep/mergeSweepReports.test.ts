import { describe, expect, it } from 'vitest'
import { mergeSweepReports } from './mergeSweepReports.js'
import { progressLine } from './progressLine.js'
import type { SweepReport } from './sweepReport.js'

function part(index: number, count: number, from: number, to: number, failingAt: number[]): SweepReport {
  return {
    schemaVersion: 1,
    kind: 'sweep',
    tool: { name: 'l2conf', version: '0.1.0' },
    targets: [{ rpc: 'http://127.0.0.1:8545' }],
    plan: { sources: ['--blocks 0..99'], blocks: 100, segments: [[0, 99]] },
    shard: { index, count },
    options: { window: 10, concurrency: 4, state: false, timeoutMs: 30000 },
    startedAt: `2026-01-01T00:00:0${index}.000Z`,
    durationMs: 1000 * index,
    covered: { blocks: to - from + 1, transactions: to - from + 1, receipts: to - from + 1, logs: 3, stateReads: 0, ranges: [[from, to]] },
    summary: { failing: failingAt.length, checksFailing: failingAt.length > 0 ? 1 : 0, differing: 0 },
    checks:
      failingAt.length === 0
        ? []
        : [
            {
              check: 'receiptsRoot',
              method: 'eth_getBlockByNumber',
              field: 'receiptsRoot',
              side: null,
              failing: failingAt.length,
              first: failingAt.map((block) => ({ block, message: `block ${block}`, reproduce: [] })),
            },
          ],
    methods: [{ method: 'eth_getBlockRange', asked: 5, differing: 0, bothRefused: 0 }],
    unjudged: [],
    warnings: [],
    verdict: failingAt.length > 0 ? 'fail' : 'pass',
    exitCode: failingAt.length > 0 ? 1 : 0,
  }
}

describe('mergeSweepReports()', () => {
  it('joins the parts into the whole sweep: counts summed, ranges merged, the first failing blocks in block order', () => {
    const merged = mergeSweepReports([part(2, 2, 50, 99, [60, 70, 80, 90]), part(1, 2, 0, 49, [10, 20])])
    expect(merged.covered.ranges).toEqual([[0, 99]])
    expect(merged.covered.blocks).toBe(100)
    expect(merged.checks[0]?.failing).toBe(6)
    expect(merged.checks[0]?.first.map((f) => f.block)).toEqual([10, 20, 60, 70, 80])
    expect(merged.methods).toEqual([{ method: 'eth_getBlockRange', asked: 10, differing: 0, bothRefused: 0 }])
    expect([merged.verdict, merged.exitCode, merged.shard, merged.parts]).toEqual(['fail', 1, null, 2])
  })

  it('is interrupted when a part is missing or given twice, and refuses parts of another sweep', () => {
    expect(mergeSweepReports([part(1, 3, 0, 32, []), part(1, 3, 0, 32, [])]).interrupted).toBe('shards 2/3, 3/3 not given; shard 1/3 given twice')
    const other = { ...part(2, 2, 50, 99, []), targets: [{ rpc: 'http://127.0.0.1:9545' }] }
    expect(() => mergeSweepReports([part(1, 2, 0, 49, []), other])).toThrow(/different nodes/)
  })
})

describe('progressLine()', () => {
  it('says where the sweep is, how fast it goes and how long it has left', () => {
    expect(progressLine({ done: 5000, total: 100000, height: 4999, blocksPerSecond: 3120, secondsLeft: 30.4, failing: 0 })).toBe(
      'sweep: 5,000/100,000 blocks (5.0 %), at block 4,999, 3,120 blocks/s, 0:30 left, 0 failing',
    )
    expect(progressLine({ done: 0, total: 10, height: 0, blocksPerSecond: 0, secondsLeft: null, failing: 2 })).toContain('? left, 2 failing')
  })
})
