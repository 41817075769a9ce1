import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { applyExpectations, loadExpectations, type Expectation } from './expectations.js'
import type { CheckResult } from './result.js'

const dir = mkdtempSync(join(tmpdir(), 'l2conf-expectations-'))
let files = 0
function file(text: string): string {
  const path = join(dir, `expect-${files++}.yaml`)
  writeFileSync(path, text)
  return path
}

function usageError(text: string): string {
  try {
    loadExpectations(file(text))
  } catch (error) {
    expect(isHarnessError(error, 'L2CONF_ERR_USAGE')).toBe(true)
    return (error as Error).message.replace(/^--expect-failures \S+: /, '')
  }
  throw new Error('expected a usage error')
}

function result(id: string, requirement: CheckResult['requirement'], status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult {
  return { id, requirement, level, title: id, status, message: status === 'passed' ? '' : `${id} went wrong`, durationMs: 1 }
}

describe('loadExpectations', () => {
  it('reads the documented example', () => {
    expect(loadExpectations(fileURLToPath(new URL('./expectations.example.yaml', import.meta.url)))).toEqual([
      {
        match: 'RANGE-ORDER',
        reason: 'tag ranges come back unordered (the node does not resolve tags before ordering)',
        issue: 'https://tracker.example/ops/123',
        expires: '2027-06-30',
      },
      { match: 'rest.shape.*', reason: '/v2/treasury/statistics carries an extra cacheTime field' },
    ])
  })

  it('reads JSON too', () => {
    expect(loadExpectations(file('{"expectations": [{"match": "GAS-*", "reason": "oracle lags", "issue": 42}]}'))).toEqual([
      { match: 'GAS-*', reason: 'oracle lags', issue: '42' },
    ])
  })

  it('refuses a bad file with a message that says what to fix', () => {
    expect(() => loadExpectations(join(dir, 'missing.yaml'))).toThrow(/cannot read the file \(ENOENT\)/)
    expect(usageError('expectations: [')).toMatch(/^not valid YAML or JSON: /)
    expect(usageError('- match: RANGE-ORDER\n  reason: x')).toMatchInlineSnapshot(`
      "expected a mapping with an "expectations" list, e.g.
      expectations:
        - match: RANGE-ORDER
          reason: why this deviation is accepted"
    `)
    expect(usageError('expectations: []\nversion: 2')).toMatchInlineSnapshot(`"unknown top-level key "version" (only "expectations")"`)
    expect(usageError('expectations:\n  - match: RANGE-ORDER')).toMatchInlineSnapshot(
      `"entry 1 (match "RANGE-ORDER"): "reason" is missing: say why the deviation is accepted"`,
    )
    expect(usageError('expectations:\n  - reason: x')).toMatchInlineSnapshot(`"entry 1: "match" must be a check id or requirement id (globs * and ? allowed)"`)
    expect(usageError('expectations:\n  - {match: a b, reason: x}')).toMatchInlineSnapshot(`"entry 1: "match" "a b" contains whitespace; ids never do"`)
    expect(usageError('expectations:\n  - {match: a, reason: x}\n  - {match: a, reason: y}')).toMatchInlineSnapshot(`"entry 2: "match" "a" is listed twice"`)
    expect(usageError('expectations:\n  - {match: a, reson: x}')).toMatchInlineSnapshot(
      `"entry 1: unknown key "reson" (allowed: match, reason, issue, expires)"`,
    )
    expect(usageError('expectations:\n  - {match: a, reason: x, expires: 2027-02-30}')).toMatchInlineSnapshot(
      `"entry 1 (match "a"): "expires" must be a date YYYY-MM-DD, got "2027-02-30""`,
    )
    expect(usageError('expectations:\n  - just a string')).toMatchInlineSnapshot(`"entry 1: expected a mapping with "match" and "reason""`)
  })
})

describe('applyExpectations', () => {
  const now = new Date('2026-11-20T12:00:00Z')

  it('turns a matched failure into a known failure that keeps the reason', () => {
    const expectations: Expectation[] = [{ match: 'range.order.*', reason: 'tags unordered', issue: 'https://tracker.example/1' }]
    const applied = applyExpectations([result('range.order.tags', 'RANGE-ORDER', 'failed')], expectations, now)
    expect(applied.results[0]).toMatchObject({
      status: 'known-failure',
      message: 'known failure (tags unordered; https://tracker.example/1): range.order.tags went wrong',
      expectation: { match: 'range.order.*', reason: 'tags unordered', issue: 'https://tracker.example/1', outcome: 'known-failure' },
    })
    expect(applied.unexpectedPasses).toEqual([])
    expect(applied.unmatched).toEqual([])
  })

  it('matches by requirement id, and a SHOULD warning becomes a known failure too', () => {
    const applied = applyExpectations(
      [result('errors.parse.http', 'RPC-ERRORS', 'warning', 'SHOULD')],
      [{ match: 'RPC-*', reason: 'proxy answers -32600' }],
      now,
    )
    expect(applied.results[0]?.status).toBe('known-failure')
  })

  it('reports a passing check that an entry lists, keeping it passed', () => {
    const applied = applyExpectations([result('range.order.tags', 'RANGE-ORDER', 'passed')], [{ match: 'range.order.tags', reason: 'tags unordered' }], now)
    expect(applied.results[0]?.status).toBe('passed')
    expect(applied.results[0]?.message).toMatchInlineSnapshot(
      `"[unexpected pass: listed as a known failure (tags unordered); remove the entry "range.order.tags" from the expectations file]"`,
    )
    expect(applied.unexpectedPasses).toEqual(['range.order.tags'])
  })

  it('does not flag the passing siblings of a requirement-wide entry that still covers a failure', () => {
    const applied = applyExpectations(
      [result('range.order.tags', 'RANGE-ORDER', 'failed'), result('range.order.numbers', 'RANGE-ORDER', 'passed')],
      [{ match: 'RANGE-ORDER', reason: 'tags unordered' }],
      now,
    )
    expect(applied.results.map((r) => r.status)).toEqual(['known-failure', 'passed'])
    expect(applied.results[1]?.expectation).toBeUndefined()
    expect(applied.unexpectedPasses).toEqual([])
  })

  it('lists entries that matched nothing', () => {
    const applied = applyExpectations(
      [result('gas.shape', 'GAS-SHAPE', 'passed')],
      [
        { match: 'range.*', reason: 'x' },
        { match: 'RANGE-?????', reason: 'y' },
      ],
      now,
    )
    expect(applied.unmatched).toEqual(['range.*', 'RANGE-?????'])
    expect(applied.results[0]).toEqual(result('gas.shape', 'GAS-SHAPE', 'passed'))
  })

  it('lets an expired entry go: the failure counts again, and the entry is listed', () => {
    const expectations: Expectation[] = [{ match: 'RANGE-ORDER', reason: 'tags unordered', expires: '2026-11-19' }]
    const applied = applyExpectations([result('range.order.tags', 'RANGE-ORDER', 'failed')], expectations, now)
    expect(applied.results[0]?.status).toBe('failed')
    expect(applied.results[0]?.expectation?.outcome).toBe('expired')
    expect(applied.expired).toEqual(['RANGE-ORDER'])
    // The expiry day itself still applies.
    expect(
      applyExpectations([result('range.order.tags', 'RANGE-ORDER', 'failed')], [{ ...expectations[0]!, expires: '2026-11-20' }], now).results[0]?.status,
    ).toBe('known-failure')
  })

  it('gives the first matching entry in file order the say, and leaves skips alone', () => {
    const applied = applyExpectations(
      [result('range.order.tags', 'RANGE-ORDER', 'failed'), result('sendraw.valid', 'SENDRAW', 'skipped')],
      [
        { match: 'range.*', reason: 'first' },
        { match: 'RANGE-ORDER', reason: 'second' },
        { match: 'SENDRAW', reason: 'third' },
      ],
      now,
    )
    expect(applied.results[0]?.expectation?.reason).toBe('first')
    expect(applied.results[1]?.status).toBe('skipped')
    expect(applied.unmatched).toEqual([])
  })

  it('treats every other character of a pattern literally', () => {
    const applied = applyExpectations([result('rangeXorder', 'RANGE-ORDER', 'failed')], [{ match: 'range.order', reason: 'x' }], now)
    expect(applied.results[0]?.status).toBe('failed')
  })
})
