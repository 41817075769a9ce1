import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE } from '../report/sampleReport.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import type { Coverage } from './coverage.js'
import { coverageHtml, coverageTotalsHtml } from './coverageHtml.js'
import { coverageMarkdown } from './coverageMarkdown.js'
import { coverageSummaryLine, coverageText } from './coverageText.js'
import { createCoverage } from './createCoverage.js'

let coverage: Coverage

beforeAll(async () => {
  const recorder = createCoverage({
    openrpc: await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), { compile: 'on-first-use' }),
    openapi: await loadOpenApi(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), { compile: 'on-first-use' }),
  })
  const call = (method: string, params: unknown[], answer: object) => ({
    transport: 'http' as const,
    url: 'u',
    request: { jsonrpc: '2.0', method, params, id: 1 },
    response: { jsonrpc: '2.0', id: 1, ...answer },
    startedAt: 0,
    durationMs: 1,
  })
  // Both examples of eth_syncing send no params: one call exercises both.
  recorder.observe(call('eth_syncing', [], { result: false }))
  recorder.observe(call('eth_chainId', [], { result: '0x1' }))
  // A name a client (through the proxy) or a hostile target's echo could carry: markup, pipes, newlines, control characters.
  recorder.observe(call(`${HOSTILE} | x\n# heading`, [], { error: { code: -32601, message: 'no' } }))
  coverage = recorder.result()
})

describe('the coverage as report.html shows it', () => {
  it('is a matrix of every method and operation, each cell covered of declared, what is left uncovered named', () => {
    const html = coverageHtml(coverage)
    expect(html.match(/<tr[^>]*><th scope="row"><code>/g)).toHaveLength(coverage.methods.length + coverage.operations.length)
    expect(html).toContain('<code>eth_syncing</code></th><td class="num">1</td><td class="num">1</td>')
    expect(html).toContain('result branch syncStatus')
    expect(html).toContain('<tr class="row-failed"><th scope="row"><code>eth_getBlockRange</code>')
    expect(html).toContain('<strong>2/28</strong> methods called')
  })

  it('escapes every name that came from traffic', () => {
    const html = coverageHtml(coverage)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;')
  })

  it('has a totals table for fleets: a row per target, linked', () => {
    const html = coverageTotalsHtml([{ name: 'a<b', href: 'a/report.html#coverage', totals: coverage.totals }])
    expect(html).toContain('<a href="a/report.html#coverage">a&lt;b</a>')
    expect(html.match(/<td /g)).toHaveLength(Object.keys(coverage.totals).length)
    expect(coverageTotalsHtml([])).toBe('')
  })
})

describe('the coverage as a pull-request comment', () => {
  it('is compact first: the totals, then what was not called, then the tables folded', () => {
    const markdown = coverageMarkdown(coverage)
    const [title, , head] = markdown.split('\n')
    expect(title).toBe('### Spec coverage: 2/28 methods, 3/34 examples, 0/5 REST operations')
    expect(head).toBe('| | covered | declared | |')
    const notCalled = markdown.indexOf('**Methods not called (26):**')
    expect(notCalled).toBeGreaterThan(markdown.indexOf('| methods called | 2 | 28 | 7% |'))
    expect(markdown.indexOf('<details>')).toBeGreaterThan(notCalled)
    expect(markdown).toContain('| `eth_syncing` | 1 | 1 | 0 | 0 | 2/2 | - | - | 1/2 | 0/2 |')
  })

  it('keeps a hostile name inside its cell: no pipe, newline, backtick or markup escapes it', () => {
    const line = coverageMarkdown(coverage)
      .split('\n')
      .find((row) => row.startsWith('Called but not in the specs'))
    expect(line).toBeDefined()
    expect(line).not.toMatch(/<script|<img/)
    expect(line).toContain('\\| x # heading')
  })
})

describe('the coverage for a terminal', () => {
  it('has the totals, what was not called, and a line per method', () => {
    const text = coverageText(coverage)
    expect(text).toMatch(/^ {2}methods called +2\/28 +7%$/m)
    expect(text).toContain('Methods not called (26): eth_getBlockRange, ')
    expect(text).toMatch(/^ {2}eth_syncing +1: 1\/0\/0 {2}ex 2\/2/m)
    expect(text).not.toMatch(/[\u0000-\u0008\u001b]/)
  })

  it('has a one-line form for the end of a run', () => {
    expect(coverageSummaryLine(coverage.totals)).toBe(
      '2/28 methods, 3/34 examples, 0/33 param branches, 1/12 result branches, 0/64 error codes, 0/5 REST operations, 0/25 REST statuses',
    )
  })
})
