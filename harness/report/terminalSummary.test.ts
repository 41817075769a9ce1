import { describe, expect, it } from 'vitest'
import type { CheckResult } from './result.js'
import { sampleReport } from './sampleReport.js'
import { summarize } from './summarize.js'
import { terminalSummary } from './terminalSummary.js'

const plain = { color: false, reportDir: 'reports/2026-11-20T10-15-00' }

describe('terminalSummary', () => {
  it('prints counts, failed requirements, warnings, known failures, stale expectations, notices and where the reports are', () => {
    expect(terminalSummary(sampleReport(), plain)).toMatchInlineSnapshot(`
      "l2conf 0.1.0 rpc=http://127.0.0.1:8545 ws=ws://127.0.0.1:8545 rest=http://127.0.0.1:3000/api (profile read-only, seed 424242)
      5 passed, 1 failed, 1 warning, 1 known failure, 1 inconclusive, 1 skipped in 12.3 s
      Limits: maxBlockRange=1000 maxBatchItems=1000 maxRequestBytes=5242880 maxWsMessageBytes≥16777216 rateLimit=none

      Failed requirements:
        RANGE-ORDER (MUST): 1 of 1 check failed
          FAIL range.order.tags: block 0x0 came after block 0x5: expected one block per number in [0x0, 0x5], ascending
              (and 1 more line in report.html)

      Warnings (SHOULD: they fail the run only with --strict):
        WARN RPC-ERRORS errors.parse.http: malformed JSON answered code -32600, expected -32700 (parse error)

      Inconclusive (the check could not decide; a MUST one fails the run only with --strict):
        INCONCLUSIVE RANGE-CONSISTENT range.consistent.head (MUST): the head moved from 0x10 to 0x11 between the two reads (re-read twice)

      Known failures (listed in known-deviations.yaml):
        KNOWN REST-SHAPE rest.shape.v2-treasury-statistics: statistics carry an extra cacheTime (https://tracker.example/ops/12)

      Unexpected passes (remove their entries from known-deviations.yaml):
        PASS info.progress.counters (entry "info.progress.*")

      Entries of known-deviations.yaml that matched no check:
        GAS-*

      Run notices:
        ! TLS certificates of the target were not verified (--insecure)

      Result: FAIL (1 check failed)
      Reports: reports/2026-11-20T10-15-00/report.html, junit.xml, report.json"
    `)
  })

  it('for fixtures judged offline, says how many exchanges were judged against their method and how many on the envelope only', () => {
    const results = sampleReport().results.filter((result) => result.status === 'passed' || result.status === 'failed')
    const report = sampleReport({
      results,
      summary: summarize(results),
      warnings: [],
      judged: {
        files: { total: 6, envelopeOnly: 2 },
        exchanges: {
          total: 9,
          againstSpec: { total: 4, passed: 3, failed: 1, errorAnswers: 2 },
          envelopeOnly: { total: 5, passed: 5, failed: 0, methods: ['debug_a', 'debug_b', 'debug_c', 'debug_d', 'debug_e', 'debug_f', 'debug_g', 'debug_h'] },
        },
      },
    })
    delete report.limits
    delete report.expectations
    expect(terminalSummary(report, plain).split('\n').slice(1, 5)).toEqual([
      "9 exchanges judged: 4 against their method's schema in openrpc.json (3 passed, 1 failed), 5 on the envelope only (5 passed; their methods are not in openrpc.json)",
      "  2 of the 4 answered with an error, judged for the error's shape only",
      '  not in openrpc.json (8 methods): debug_a, debug_b, debug_c, debug_d, debug_e, debug_f and 2 more (report.json lists them)',
      '6 fixture files (2 judged on the envelope only): 5 passed, 1 failed in 12.3 s',
    ])
  })

  it('prints a clean run briefly, with its verdict', () => {
    const results = sampleReport().results.filter((result) => result.status === 'passed' && result.expectation === undefined)
    const report = sampleReport({ results, summary: summarize(results), warnings: [] })
    delete report.expectations
    expect(terminalSummary(report, { ...plain, reportDir: 'out/run-1/' })).toMatchInlineSnapshot(`
      "l2conf 0.1.0 rpc=http://127.0.0.1:8545 ws=ws://127.0.0.1:8545 rest=http://127.0.0.1:3000/api (profile read-only, seed 424242)
      4 passed, 0 failed in 12.3 s
      Limits: maxBlockRange=1000 maxBatchItems=1000 maxRequestBytes=5242880 maxWsMessageBytes≥16777216 rateLimit=none

      Result: PASS (every MUST check passed)
      Reports: out/run-1/report.html, junit.xml, report.json"
    `)
  })

  it('agrees with the exit code under --strict: a SHOULD warning and an inconclusive MUST check fail the verdict', () => {
    const results = sampleReport().results.filter((result) => result.status !== 'failed')
    const text = terminalSummary(sampleReport({ results, summary: summarize(results) }), { ...plain, strict: true })
    expect(text).toContain('(profile read-only, strict, seed 424242)')
    expect(text).toContain('Result: FAIL (1 check failed, 1 MUST check inconclusive)')
    expect(text).toContain('a MUST one fails this --strict run')
  })

  it('fails the verdict, and says why, when a MUST check was not run because its transport was unusable', () => {
    const results: CheckResult[] = [
      ...sampleReport().results.filter((result) => result.status === 'passed'),
      {
        id: 'ws.batch',
        requirement: 'RPC-WS',
        level: 'MUST',
        title: 'a batch over WebSocket',
        status: 'not-run',
        message: 'ws is unusable: 3 answers with ids of no request',
        durationMs: 0,
      },
    ]
    const text = terminalSummary(sampleReport({ results, summary: summarize(results) }), plain)
    expect(text).toContain('Result: FAIL (1 MUST check not run)')
  })

  it('says a root cause once: the checks resting on the same answer are named under the first, and point to it from elsewhere', () => {
    const failed = (id: string, requirement: CheckResult['requirement'], level: CheckResult['level'], message: string, sameCauseAs?: string): CheckResult => ({
      id,
      requirement,
      level,
      title: id,
      status: level === 'MUST' ? 'failed' : 'warning',
      message,
      durationMs: 1,
      ...(sameCauseAs === undefined ? {} : { sameCauseAs }),
    })
    const cause = 'eth_getBlockByNumber answers no block near the head'
    const results = [
      failed('standard.eth_call.live', 'RPC-STANDARD', 'MUST', cause),
      failed('standard.eth_getBalance.live', 'RPC-STANDARD', 'MUST', cause, 'standard.eth_call.live'),
      failed('standard.pending-block', 'RPC-STANDARD', 'MUST', 'eth_getBlockByNumber("pending", false): result must have required property \'number\''),
      failed('integrity.roots', 'CHAIN-INTEGRITY', 'MUST', cause, 'standard.eth_call.live'),
      failed('gas.consistent', 'GAS-CONSISTENT', 'SHOULD', cause, 'standard.eth_call.live'),
    ]
    const report = sampleReport({ results, summary: summarize(results), warnings: [] })
    delete report.expectations
    delete report.limits
    expect(terminalSummary(report, plain).split('\n').slice(2, 14)).toMatchInlineSnapshot(`
      [
        "",
        "Failed requirements:",
        "  RPC-STANDARD (MUST): 3 of 3 checks failed",
        "    FAIL standard.eth_call.live: eth_getBlockByNumber answers no block near the head",
        "      the same answer fails 3 more checks: standard.eth_getBalance.live, integrity.roots (CHAIN-INTEGRITY), gas.consistent (GAS-CONSISTENT)",
        "    FAIL standard.pending-block: eth_getBlockByNumber("pending", false): result must have required property 'number'",
        "  CHAIN-INTEGRITY (MUST): 1 of 1 check failed",
        "    FAIL integrity.roots: the same answer as standard.eth_call.live (its cause is printed there)",
        "",
        "Warnings (SHOULD: they fail the run only with --strict):",
        "  WARN GAS-CONSISTENT gas.consistent: the same answer as standard.eth_call.live (its cause is printed there)",
        "",
      ]
    `)
  })

  it('says nothing was certified when no check reached a verdict', () => {
    const results = sampleReport().results.map((result) => ({ ...result, status: 'skipped' as const, message: 'not selected by --only LIMITS' }))
    const report = sampleReport({ results, summary: summarize(results), verdict: 'nothing-certified' })
    expect(terminalSummary(report, plain)).toContain('Result: NOTHING CERTIFIED (no check reached a verdict: nothing was certified)')
  })

  it('says when the run was interrupted', () => {
    const text = terminalSummary(sampleReport({ interrupted: 'SIGINT' }), plain)
    expect(text.split('\n')[2]).toBe('Interrupted: SIGINT; the results are what ran.')
    expect(text).toContain('Result: INTERRUPTED (not every check ran)')
  })

  it('prints the measured limits on one line (a description quoted, control characters spelled out), and nothing without them', () => {
    const limits = { rateLimit: 'HTTP 429 after ~50 requests\u001b[2J; Retry-After: 1', maxBlockRange: '>=41' }
    expect(terminalSummary(sampleReport({ limits }), plain).split('\n')[2]).toBe(
      "Limits: maxBlockRange≥41 rateLimit='HTTP 429 after ~50 requests\\u001B[2J; Retry-After: 1'",
    )
    const none = sampleReport()
    delete none.limits
    expect(terminalSummary(none, plain)).not.toContain('Limits:')
  })

  it('caps a long list and says where the rest is', () => {
    const failure = sampleReport().results.find((result) => result.status === 'failed')!
    const results: CheckResult[] = Array.from({ length: 13 }, (_, index) => ({ ...failure, id: `range.order.case${index}` }))
    const lines = terminalSummary(sampleReport({ results, summary: summarize(results) }), plain).split('\n')
    expect(lines.filter((line) => line.startsWith('    FAIL '))).toHaveLength(10)
    expect(lines).toContain('    … and 3 more in report.html')
    expect(lines).toContain('  RANGE-ORDER (MUST): 13 of 13 checks failed')
  })

  it('spells out control characters from the target, so a message cannot drive the terminal', () => {
    const report = sampleReport()
    report.results[3]!.message = 'bad \u001b[2J\u001b[31mred\u0007 and\ttab'
    const text = terminalSummary(report, plain)
    expect(text).toContain('FAIL range.order.tags: bad \\u001B[2J\\u001B[31mred\\u0007 and tab')
    expect(text).not.toContain('\u001b')
  })

  it('shows a long reason whole, wrapped between words, and cuts only one past what a terminal can use, at a word', () => {
    const report = sampleReport()
    const clause = 'the method is served over HTTP but its answer over WebSocket differs in the transactions field'
    report.results[3]!.message = `${clause}; ${clause}`
    const lines = terminalSummary(report, plain).split('\n')
    const at = lines.findIndex((line) => line.includes('FAIL range.order.tags'))
    expect(lines.slice(at, at + 2)).toEqual([
      `    FAIL range.order.tags: ${clause}; the method is`,
      '        served over HTTP but its answer over WebSocket differs in the transactions field',
    ])
    report.results[3]!.message = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ')
    const long = terminalSummary(report, plain)
    expect(long).toMatch(/ word\d+ … \(report\.html has the whole reason\)\n/)
    expect(long).not.toMatch(/word\d+word/)
  })

  it('colours only when asked', () => {
    const coloured = terminalSummary(sampleReport(), { ...plain, color: true })
    expect(coloured).toContain('\u001b[1;31mRANGE-ORDER\u001b[0m')
    expect(coloured).toContain('\u001b[1;31mResult: FAIL (1 check failed)\u001b[0m')
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(terminalSummary(sampleReport(), plain))
  })
})
