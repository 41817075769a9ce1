import { describe, expect, it } from 'vitest'
import { diffHtml } from './diffHtml.js'
import { diffJunitXml } from './diffJunitXml.js'
import { diffExitCode, type DiffReport } from './diffReport.js'

/** A report with one differing method whose answer carries markup, as a hostile target could send. */
function report(differing: boolean, interrupted?: string): DiffReport {
  const findings = differing
    ? [
        {
          transport: 'http' as const,
          source: 'example' as const,
          label: "example 'x'",
          params: ['0x1'],
          difference: { kind: 'result' as const, pointer: '/a', left: '<script>alert(1)</script>', right: 'b & c' },
          left: { answer: { result: { a: '<script>alert(1)</script>' } }, reproduce: `curl -sS -i -X POST --data-raw '{}' 'http://a'` },
          right: { answer: { result: { a: 'b & c' } }, reproduce: `curl -sS -i -X POST --data-raw '{}' 'http://b'` },
        },
      ]
    : []
  const r: DiffReport = {
    tool: { name: 'l2conf', version: '0' },
    kind: 'diff',
    targets: [
      { rpc: 'http://a', ws: null, rest: null },
      { rpc: 'http://b', ws: null, rest: null },
    ],
    specs: { openrpc: { path: 'openrpc.json', version: '1', sha256: 'a' }, openapi: { path: 'openapi.yaml', version: '1', sha256: 'b' } },
    seed: 1,
    runs: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    commonHeight: 3,
    summary: { asked: 2, agreeing: differing ? 1 : 2, differing: differing ? 1 : 0, methods: 2, methodsDiffering: differing ? 1 : 0 },
    methods: [
      { method: 'eth_chainId', transport: 'http', asked: 1, differing: 0, sources: { example: { asked: 1, differing: 0 } }, findings: [] },
      {
        method: 'eth_x',
        transport: 'http',
        asked: 1,
        differing: differing ? 1 : 0,
        sources: { example: { asked: 1, differing: differing ? 1 : 0 } },
        findings,
      },
    ],
  }
  if (interrupted !== undefined) r.interrupted = interrupted
  return r
}

describe('the diff report forms', () => {
  it('exit 0 only when the targets agree and the diff finished', () => {
    expect(diffExitCode(report(false))).toBe(0)
    expect(diffExitCode(report(true))).toBe(1)
    expect(diffExitCode(report(false, 'target B stopped answering'))).toBe(1)
  })

  it('HTML shows what a target sent, never runs it, and puts differing methods first', () => {
    const html = diffHtml(report(true))
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html.indexOf('eth_x')).toBeLessThan(html.indexOf('eth_chainId'))
    expect(html).toContain('http://b')
  })

  it('JUnit fails the differing method only, and errors an interrupted diff', () => {
    const xml = diffJunitXml(report(true))
    expect(xml).toMatch(/<testcase classname="diff.http" name="eth_x">\s*<failure message="1 of 1 requests answered differently" type="result">/)
    expect(xml).toMatch(/<testcase classname="diff.http" name="eth_chainId">\s*<\/testcase>/)
    expect(xml).not.toContain('<script>')
    expect(diffJunitXml(report(false, 'B died'))).toMatch(/<error message="diff interrupted: B died"/)
  })

  it('shows the warnings (--insecure) in every form', () => {
    const r = { ...report(false), warnings: ['TLS certificates were NOT verified (--insecure)'] }
    expect(diffHtml(r)).toContain('TLS certificates were NOT verified')
    const xml = diffJunitXml(r)
    expect(xml).toMatch(/<system-out>TLS certificates were NOT verified \(--insecure\)<\/system-out>/)
    expect(xml).toMatch(/<testsuites [^>]*tests="3"[^>]*errors="0"/)
  })
})
