import { describe, expect, it, test } from 'vitest'
import type { CheckResult, Report } from '../../harness/report/result.js'
import { mutantVerdict } from './mutantVerdict.js'

const result = (id: string, requirement: CheckResult['requirement'], status: CheckResult['status'], message = ''): CheckResult => ({
  id,
  requirement,
  level: 'MUST',
  title: id,
  status,
  message,
  durationMs: 1,
})
const report = (results: CheckResult[]): Report => ({
  tool: { name: 'l2conf', version: '0' },
  target: { rpc: null, ws: null, rest: null },
  profile: 'full',
  seed: 1,
  startedAt: '',
  durationMs: 0,
  specs: { openrpc: { path: '', version: '', sha256: '' }, openapi: { path: '', version: '', sha256: '' } },
  summary: { passed: 0, failed: 0, skipped: 0, warnings: 0, knownFailures: 0 },
  results,
})

test('caught: exactly the requirement failed, exit 1', () => {
  const verdict = mutantVerdict(
    'm',
    'RANGE-ORDER',
    report([result('range.order', 'RANGE-ORDER', 'failed', 'descending'), result('range.shape', 'RANGE-SHAPE', 'passed')]),
    1,
  )
  expect(verdict).toMatchObject({ kind: 'caught', ok: true, failed: ['RANGE-ORDER'] })
})

test('over-caught and missed name the checks and their messages', () => {
  const over = mutantVerdict(
    'm',
    'RANGE-ORDER',
    report([result('range.order', 'RANGE-ORDER', 'failed', 'descending'), result('range.tags', 'RANGE-TAGS', 'failed', 'not ascending')]),
    1,
  )
  expect(over).toMatchObject({ kind: 'over-caught', ok: false, failed: ['RANGE-ORDER', 'RANGE-TAGS'] })
  expect(over.diagnostic).toContain('failed range.tags [RANGE-TAGS]: not ascending')
  const missed = mutantVerdict(
    'm',
    'RANGE-FULLTX',
    report([result('range.fulltx', 'RANGE-FULLTX', 'skipped', 'inconclusive: no transaction'), result('range.fulltx.2', 'RANGE-FULLTX', 'passed')]),
    0,
    '',
    'full objects dropped',
  )
  expect(missed).toMatchObject({ kind: 'missed', ok: false })
  expect(missed.diagnostic).toContain('the variant: full objects dropped')
  expect(missed.diagnostic).toContain('skipped range.fulltx [RANGE-FULLTX]: inconclusive: no transaction')
  expect(missed.diagnostic).toContain('1 check(s) of RANGE-FULLTX passed: range.fulltx.2')
})

test('an equivalent variant passes only with nothing failed and exit 0', () => {
  expect(mutantVerdict('clean', null, report([result('a', 'RPC-HTTP', 'passed')]), 0)).toMatchObject({ kind: 'passed', ok: true })
  expect(mutantVerdict('clean', null, report([result('a', 'RPC-HTTP', 'failed', 'x')]), 1)).toMatchObject({ kind: 'false-alarm', ok: false })
  expect(mutantVerdict('clean', null, report([]), 1)).toMatchObject({ kind: 'passed', ok: false })
  expect(mutantVerdict('clean', null, null, 2, 'boom')).toMatchObject({ kind: 'false-alarm', ok: false })
})

describe('mutantVerdict with the verdict statuses', () => {
  it('shows the MUST check a --strict clean run left inconclusive, and never calls a run that certified nothing a pass', async () => {
    const { sampleReport } = await import('../../harness/report/sampleReport.js')
    const results = [
      {
        id: 'range.consistent.head',
        requirement: 'RANGE-CONSISTENT' as const,
        level: 'MUST' as const,
        title: 't',
        status: 'inconclusive' as const,
        message: 'the head moved',
        durationMs: 1,
      },
    ]
    const strictFail = mutantVerdict('clean', null, sampleReport({ results, verdict: 'fail' }), 1)
    expect(strictFail.ok).toBe(false)
    expect(strictFail.diagnostic).toContain('inconclusive range.consistent.head [RANGE-CONSISTENT, MUST]: the head moved')
    const nothing = mutantVerdict('clean', null, sampleReport({ results, verdict: 'nothing-certified' }), 0)
    expect(nothing.ok).toBe(false)
    expect(nothing.diagnostic).toContain('nothing was certified')
  })
})

test('a variant that also breaks listed requirements is caught when exactly those fail, over-caught past them, missed short of them', () => {
  const both = report([
    result('standard.balance', 'RPC-STANDARD', 'failed', 'decimal'),
    result('client.viem.balance', 'CLIENT-COMPAT', 'failed', 'read as decimal'),
  ])
  expect(mutantVerdict('m', 'RPC-STANDARD', both, 1, '', '', ['CLIENT-COMPAT'])).toMatchObject({
    kind: 'caught',
    ok: true,
    failed: ['CLIENT-COMPAT', 'RPC-STANDARD'],
  })
  expect(mutantVerdict('m', 'RPC-STANDARD', both, 1)).toMatchObject({ kind: 'over-caught', ok: false })
  const one = report([result('standard.balance', 'RPC-STANDARD', 'failed', 'decimal'), result('client.viem.balance', 'CLIENT-COMPAT', 'passed')])
  const missed = mutantVerdict('m', 'RPC-STANDARD', one, 1, '', '', ['CLIENT-COMPAT'])
  expect(missed).toMatchObject({ kind: 'missed', ok: false })
  expect(missed.diagnostic).toContain('RPC-STANDARD and CLIENT-COMPAT')
  expect(missed.diagnostic).toContain('1 check(s) of CLIENT-COMPAT passed: client.viem.balance')
})
