import { describe, expect, it } from 'vitest'
import type { DiffFinding, DiffReport, MethodDiff } from './diffReport.js'
import { diffSummaryLines } from './diffSummaryLines.js'

function finding(difference: DiffFinding['difference'], label: string): DiffFinding {
  return {
    transport: 'http',
    source: 'example',
    label,
    params: [],
    difference,
    left: { answer: difference.left, reproduce: 'curl a' },
    right: { answer: difference.right, reproduce: 'curl b' },
  }
}

function method(name: string, transport: MethodDiff['transport'], findings: DiffFinding[]): MethodDiff {
  return { method: name, transport, asked: 3, differing: findings.length, sources: {}, findings }
}

function report(methods: MethodDiff[]): DiffReport {
  const differing = methods.reduce((sum, m) => sum + m.differing, 0)
  return {
    tool: { name: 'l2conf', version: '0.0.0' },
    kind: 'diff',
    targets: [],
    specs: { openrpc: { path: 'openrpc.json', version: '1', sha256: 'a' }, openapi: { path: 'openapi.yaml', version: '1', sha256: 'b' } },
    seed: 7,
    runs: 3,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    commonHeight: 12,
    summary: { asked: methods.length * 3, agreeing: methods.length * 3 - differing, differing, methods: methods.length, methodsDiffering: 0 },
    methods,
  }
}

describe('diffSummaryLines', () => {
  it('counts a method asked over two transports once, and shows both values of the first difference', () => {
    const lines = diffSummaryLines(
      report([
        method('eth_chainId', 'http', [finding({ kind: 'result', pointer: '', left: '0x385', right: '0x386' }, 'example 1')]),
        method('eth_chainId', 'ws', [finding({ kind: 'result', pointer: '', left: '0x385', right: '0x386' }, 'example 1')]),
        method('eth_getBlockByNumber', 'http', [
          finding({ kind: 'result', pointer: '/miner', left: '0x' + 'a'.repeat(40), right: '0x' + 'b'.repeat(40) }, 'latest'),
        ]),
        method('eth_blockNumber', 'http', []),
      ]),
      ['reports/diff/report.json'],
    )
    expect(lines).toMatchInlineSnapshot(`
      [
        "The targets differ: 3 of 12 requests answered differently, in 2 of 3 methods and REST paths (over http, ws; seed 7, common height 12).",
        "  http eth_chainId: 1/3 differ — first: result at the whole answer: "0x385" vs "0x386" (example 1)",
        "  ws   eth_chainId: 1/3 differ — first: result at the whole answer: "0x385" vs "0x386" (example 1)",
        "  http eth_getBlockByNumber: 1/3 differ — first: result at /miner: "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" vs "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" (latest)",
        "Reports: reports/diff/report.json",
      ]
    `)
  })

  it('cuts a long value and never throws on one JSON cannot write', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const lines = diffSummaryLines(
      report([method('eth_getBlockByHash', 'http', [finding({ kind: 'result', pointer: '/transactions', left: 'x'.repeat(500), right: cyclic }, 'sample')])]),
      [],
    )
    expect(lines[1]).toMatch(/: "x{58}… vs \[object Object\] \(sample\)$/)
  })
})
