import { describe, expect, it } from 'vitest'
import { htmlReport } from './htmlReport.js'
import { requirements } from '../requirements/index.js'
import { sampleReport } from './sampleReport.js'

describe('htmlReport', () => {
  const html = htmlReport(sampleReport())

  it('is one self-contained page: no external stylesheet, script, image, font or frame', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/)
    expect(html).not.toMatch(/<link\b|<img\b|<iframe\b|@import|url\(/i)
    expect(html).not.toMatch(/<[a-z][^>]*\ssrc=/i)
    // The one script is the inline print helper; the page reads without it.
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).toContain("<script>addEventListener('beforeprint'")
    // Links go to anchors on the page, or to an issue the operator listed.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(hrefs.filter((href) => !href!.startsWith('#'))).toEqual(['https://tracker.example/ops/12'])
  })

  it('prints a root cause once: a check failing on the same answer as an earlier one links to it, and that one lists it', () => {
    const [first, ...rest] = sampleReport().results.filter((result) => result.status === 'passed')
    const failed = {
      ...first!,
      status: 'failed' as const,
      message: 'eth_getBlockByNumber answers no block near the head',
      evidence: { request: 1, response: 2 },
    }
    const pointing = { ...rest[0]!, status: 'failed' as const, message: failed.message, evidence: { request: 1, response: 2 }, sameCauseAs: failed.id }
    const page = htmlReport(sampleReport({ results: [failed, pointing] }))
    expect(page).toContain('<p class="same-cause">The same answer fails 1 more check: <a href="#check-2">')
    expect(page).toContain('<p class="same-cause">Fails on the same answer as <a href="#check-1">')
    expect(page.split(failed.message)).toHaveLength(2)
    expect(page.match(/class="evidence-box"/g)).toHaveLength(1)
  })

  it('escapes everything the target sent', () => {
    expect(html).not.toContain('<script>document')
    expect(html).not.toContain('<img id="pwned"')
    expect(html).toContain('&lt;script&gt;document.title=\\&quot;pwned\\&quot;&lt;/script&gt;')
    expect(html).toContain(']]&gt; &amp; \\u0000\\u0007\\u001b[31m')
    expect(html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
  })

  it('has a header with tool, target, profile, seed, specs, duration and run notices', () => {
    expect(html).toContain('l2conf 0.1.0 on Node.js v20.20.2 (linux x64)')
    expect(html).toContain('<title>l2conf report: FAIL: http://127.0.0.1:8545</title>')
    expect(html).toContain('<p class="verdict fail" id="verdict">FAIL: 1 check failed</p>')
    for (const text of [
      'l2conf 0.1.0',
      'ws://127.0.0.1:8545',
      'http://127.0.0.1:3000/api',
      'read-only',
      '<code>424242</code>',
      '12.3 s',
      'sha256 <code>3f1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a</code>',
      'version 0.1.0',
      '<li>TLS certificates of the target were not verified (--insecure)</li>',
    ]) {
      expect(html).toContain(text)
    }
  })

  it('shows the measured limits in the header, known ones first, byte counts with their size', () => {
    expect(html).toContain(
      '<dt>Limits</dt><dd><code>maxBlockRange=1000</code><br><code>maxBatchItems=1000</code><br><code>maxRequestBytes=5242880</code> <span class="muted">(5 MiB)</span><br><code>maxWsMessageBytes≥16777216</code> <span class="muted">(a lower bound, ≥16 MiB)</span><br><code>rateLimit=none</code></dd>',
    )
    const withoutLimits = sampleReport()
    delete withoutLimits.limits
    expect(htmlReport(withoutLimits)).not.toContain('<dt>Limits</dt>')
    expect(htmlReport(sampleReport({ limits: { rateLimit: 'HTTP 429 after ~50 requests; <b>' } }))).toContain(
      '<code>rateLimit=HTTP 429 after ~50 requests; &lt;b&gt;</code>',
    )
  })

  it('has one matrix row per requirement of the table and LIMITS, in that order', () => {
    const rows = [...html.matchAll(/<tr class="row-([a-z-]+)" data-requirement="([A-Z-]+)">/g)].map((match) => [match[2], match[1]])
    expect(rows.map(([id]) => id)).toEqual(requirements.map((requirement) => requirement.id))
    expect(rows.at(-1)?.[0]).toBe('LIMITS')
    expect(Object.fromEntries(rows)).toMatchObject({
      'RANGE-ORDER': 'failed',
      'RPC-ERRORS': 'warning',
      'REST-SHAPE': 'known-failure',
      SENDRAW: 'skipped',
      'RANGE-CONSISTENT': 'inconclusive',
      'RPC-ENVELOPE': 'passed',
      'RPC-WS': 'not-run',
      LIMITS: 'passed',
    })
  })

  it('shows each failure with its evidence and reproduce line', () => {
    const failure = /<article class="finding failed" id="(check-\d+)" data-check="range.order.tags">([\s\S]*?)<\/article>/.exec(html)
    expect(failure).not.toBeNull()
    expect(html).toContain(`<a href="#${failure![1]}"><code>RANGE-ORDER</code></a>`)
    expect(failure![2]).toContain(
      '<p class="message">block 0x0 came after block 0x5: expected one block per number in [0x0, 0x5], ascending\nsecond line of detail</p>',
    )
    expect(failure![2]).toContain('<pre class="request">{\n  &quot;jsonrpc&quot;: &quot;2.0&quot;,\n  &quot;method&quot;: &quot;eth_getBlockRange&quot;')
    expect(failure![2]).toContain('<pre class="reproduce">curl -sS -X POST')
  })

  it('lists skipped and inconclusive checks with their reasons, and stale expectations', () => {
    expect(html).toMatch(
      /<span class="badge s-inconclusive">INCONCL\.<\/span><\/td><th scope="row"><code>range.consistent.head<\/code><\/th><td>RANGE-CONSISTENT<\/td><td>the head moved from 0x10 to 0x11/,
    )
    expect(html).toContain('needs --profile full (it signs and sends a transaction)')
    expect(html).toContain('<code>info.progress.counters</code> passed but is listed as a known failure; remove the stale entry.')
    expect(html).toContain('the entry <code>GAS-*</code> matched no check of this run.')
  })

  it('charts latency per method as an accessible SVG with a table alternative', () => {
    expect(html).toContain('<svg class="chart" role="img" aria-labelledby="latency-title latency-desc"')
    expect(html).toContain(
      '<desc id="latency-desc">Bars show the median (p50), 95th percentile and maximum latency in milliseconds of each of 7 methods, on a linear scale from 0 to 200 ms.',
    )
    expect(html).toContain(
      '<tr><th scope="row"><code>eth_getBlockRange</code></th><td>http</td><td class="num">4</td><td class="num">18.5</td><td class="num">187</td><td class="num">187</td></tr>',
    )
  })

  it('says PASS for a clean run and INTERRUPTED for an unfinished one', () => {
    const clean = sampleReport()
    clean.results = clean.results.filter((result) => result.status !== 'failed')
    clean.summary.failed = 0
    expect(htmlReport(clean)).toContain('id="verdict">PASS: every MUST check passed</p>')
    expect(htmlReport({ ...clean, interrupted: 'SIGINT' })).toContain('id="verdict">INTERRUPTED: the run did not finish (SIGINT)</p>')
  })

  it('renders an empty run without errors', () => {
    const empty = htmlReport(sampleReport({ results: [], summary: { passed: 0, failed: 0, skipped: 0, warnings: 0, knownFailures: 0 } }))
    expect(empty).toContain('No latencies were recorded in this run.')
    expect(empty).toContain('All checks (0)')
  })
})
