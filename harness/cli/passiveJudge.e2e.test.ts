import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CheckResult, Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'

/**
 * Checks whose calls the passive judge sees besides their own rule: an example's range, a library's
 * range and block number, a malformed request; and the checks of the requirements those answers
 * would break (RANGE-ORDER, RPC-STANDARD, RPC-ENVELOPE).
 */
const SELECTION = [
  'range.example',
  'range.order',
  'client.viem.raw.eth_getBlockRange',
  'client.viem.block-number',
  'standard.eth_blockNumber.examples',
  'errors.parse',
  'envelope.http',
]

const readReport = (dir: string): Report => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
const failing = (report: Report): CheckResult[] => report.results.filter((r) => r.status === 'failed' || r.status === 'warning')

/** A copy of the recording with one `<<` line of one check's file changed (the first that `pick` changes). */
function edited(recorded: string, into: string, file: string, pick: (answer: Record<string, unknown>) => Record<string, unknown> | null): string {
  cpSync(recorded, into, { recursive: true })
  const path = join(into, 'rpc', file)
  const lines = readFileSync(path, 'utf8').split('\n')
  const index = lines.findIndex((line) => line.startsWith('<< ') && pick(JSON.parse(line.slice(3)) as Record<string, unknown>) !== null)
  expect(index, `${file} has no answer to change`).toBeGreaterThan(-1)
  lines[index] = `<< ${JSON.stringify(pick(JSON.parse(lines[index]!.slice(3)) as Record<string, unknown>))}`
  writeFileSync(path, lines.join('\n'))
  return into
}

/** An answer listing two or more blocks, listed newest first. */
const reversed = (answer: Record<string, unknown>): Record<string, unknown> | null =>
  Array.isArray(answer.result) && answer.result.length >= 2 ? { ...answer, result: [...(answer.result as unknown[])].reverse() } : null

describe('the passive judge: every recorded answer judged, whichever check made the call', () => {
  let work: string
  let recorded: string

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'l2conf-passive-'))
    recorded = join(work, 'recorded')
    const run = await runCli([
      'run',
      '--reference',
      '--seed',
      '7',
      '--record',
      recorded,
      '--report-dir',
      join(work, 'live'),
      ...SELECTION.flatMap((id) => ['--only', id]),
    ])
    expect(run.code, run.stderr).toBe(0)
  }, 120_000)

  it("fails RANGE-ORDER for a range an example's or a library's call got newest first, naming the call, with its curl line", async () => {
    for (const [file, caller] of [
      ['range.example.io', 'range.example'],
      ['client.viem.raw.eth_getBlockRange.io', 'client.viem.raw.eth_getBlockRange'],
    ] as const) {
      const dir = join(work, `check-${caller}`)
      const run = await runCli(['check', edited(recorded, join(work, caller), file, reversed), '--report-dir', dir])
      expect(run.code).toBe(1)
      const order = readReport(dir).results.find((r) => r.id === 'range.order')!
      expect(order.status).toBe('failed')
      expect(order.message).toContain(`seen in passing in the call of eth_getBlockRange by ${caller}`)
      expect(order.findings?.[0]?.kind).toBe('wrong-value')
      expect(order.reproduce).toMatch(/^curl .*eth_getBlockRange/)
    }
  })

  it("fails RPC-STANDARD for a result a library's call got against the method's schema", async () => {
    const dir = join(work, 'check-schema')
    const broken = edited(recorded, join(work, 'schema'), 'client.viem.block-number.io', (answer) =>
      typeof answer.result === 'string' ? { ...answer, result: 'not a quantity' } : null,
    )
    const run = await runCli(['check', broken, '--report-dir', dir])
    expect(run.code).toBe(1)
    const report = readReport(dir)
    const standard = report.results.find((r) => r.id === 'standard.eth_blockNumber.examples')!
    expect(standard.status).toBe('failed')
    expect(standard.message).toMatch(/seen in passing in the call of eth_\w+ by client\.viem\.block-number: .*result must match/)
  })

  it('fails RPC-ENVELOPE for an error answer with no id member, even where its code is the right one (JSON-RPC 2.0 section 5)', async () => {
    const dir = join(work, 'check-id')
    const broken = edited(recorded, join(work, 'no-id'), 'errors.parse.io', (answer) => {
      if (!Object.hasOwn(answer, 'error')) return null
      const { id: _id, ...rest } = answer
      return rest
    })
    const run = await runCli(['check', broken, '--report-dir', dir])
    expect(run.code).toBe(1)
    const report = readReport(dir)
    expect(failing(report).map((r) => r.id)).toEqual(['envelope.http'])
    expect(failing(report)[0]!.message).toContain('seen in passing in the call of raw text by errors.parse: the error answer has no id member')
  })

  it('leaves an answer the owning check reported to that check alone: one finding, not a second seen in passing', async () => {
    const dir = join(work, 'check-own')
    const run = await runCli(['check', edited(recorded, join(work, 'own'), 'range.order.io', reversed), '--report-dir', dir])
    expect(run.code).toBe(1)
    const report = readReport(dir)
    expect(failing(report).map((r) => r.id)).toEqual(['range.order'])
    expect(failing(report)[0]!.message).not.toContain('in passing')
  })
})
