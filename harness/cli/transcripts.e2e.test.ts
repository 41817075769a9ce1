import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../report/result.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'
import { startAnvil, type AnvilHandle } from '../../test/nodes/startAnvil.js'
import { REFERENCE_FIXTURE_DIR } from '../transcript/fixtures/referenceSelection.js'
import { packageRoot } from './packageInfo.js'

/** A few checks over every transport and both profiles' kinds of exchange, so the live run stays short. */
const SELECTION = [
  'info.shape',
  'info.progress',
  'gas.shape',
  'envelope.http',
  'subscribe.newHeads',
  'rest./v2/treasury/tokens.shape',
  'range.example',
  'ws.eth_chainId',
]

function readReport(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
}

function statuses(report: Report): Record<string, string> {
  return Object.fromEntries(report.results.filter((r) => r.status !== 'skipped').map((r) => [r.id, r.status]))
}

/** A copy of a transcript folder, to change without touching the original. */
function copyOf(dir: string, into: string): string {
  cpSync(dir, into, { recursive: true })
  return into
}

function edit(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8')
  const after = change(before)
  expect(after, `${file} was not changed`).not.toBe(before)
  writeFileSync(file, after)
}

describe('l2conf run --record, then l2conf check with no network', () => {
  let work: string
  let recorded: string
  let live: Report
  let liveCode: number | null

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'l2conf-transcripts-'))
    recorded = join(work, 'recorded')
    const run = await runCli([
      'run',
      '--reference',
      '--seed',
      '5',
      '--record',
      recorded,
      '--report-dir',
      join(work, 'live'),
      ...SELECTION.flatMap((id) => ['--only', id]),
    ])
    liveCode = run.code
    live = readReport(join(work, 'live'))
  }, 180_000)

  it('records one file per check, and a manifest with no secret', () => {
    expect(liveCode).toBe(0)
    const manifest = JSON.parse(readFileSync(join(recorded, 'transcript.json'), 'utf8')) as Record<string, unknown>
    expect(manifest).toMatchObject({ format: 'l2conf-transcript/1', seed: 5, profile: 'full', privateKey: 'reference', selection: { only: SELECTION } })
    expect(readdirSync(join(recorded, 'rpc')).sort()).toEqual([
      'envelope.http.io',
      'gas.shape.io',
      'info.progress.io',
      'info.shape.io',
      'range.example.io',
      'subscribe.newHeads.io',
      'ws.eth_chainId.io',
    ])
    expect(readdirSync(join(recorded, 'rest'))).toEqual(['rest._v2_treasury_tokens.shape.rest'])
    expect(readFileSync(join(recorded, 'rpc', 'subscribe.newHeads.io'), 'utf8')).toMatch(/^<< \{"jsonrpc":"2\.0","method":"eth_subscription"/m)
  })

  it("gives the live run's verdicts, reports and exit code", async () => {
    const dir = join(work, 'check')
    const run = await runCli(['check', recorded, '--report-dir', dir])
    expect(run.stderr).toContain('offline')
    const report = readReport(dir)
    expect(run.code).toBe(liveCode)
    expect(report.verdict).toBe(live.verdict)
    expect(statuses(report)).toEqual(statuses(live))
    expect(Object.keys(statuses(report)).sort()).toEqual([...SELECTION].sort())
    for (const file of ['junit.xml', 'report.html']) expect(readdirSync(dir)).toContain(file)
  })

  it('fails exactly the requirement whose recorded answer is changed', async () => {
    const changed = copyOf(recorded, join(work, 'changed'))
    edit(join(changed, 'rpc', 'info.shape.io'), (text) => text.replace('"mode":"sequencer"', '"mode":"archive"'))
    const dir = join(work, 'check-changed')
    const run = await runCli(['check', changed, '--report-dir', dir])
    expect(run.code).toBe(1)
    const report = readReport(dir)
    const failed = report.results.filter((r) => r.status === 'failed')
    expect(failed.map((r) => `${r.requirement} ${r.id}`)).toEqual(['INFO-SHAPE info.shape'])
    expect(failed[0]!.message).toContain('mode')
    expect({ ...statuses(report), 'info.shape': 'passed' }).toEqual(statuses(live))
  })

  it('shows a spec author which recorded behaviour a changed openrpc.json rejects', async () => {
    const spec = JSON.parse(readFileSync(join(packageRoot, 'openrpc.json'), 'utf8')) as {
      components: { schemas: { rollupInfo: { properties: { mode: { enum: string[] } } } } }
    }
    spec.components.schemas.rollupInfo.properties.mode.enum = ['verifier']
    const file = join(work, 'openrpc.verifier-only.json')
    writeFileSync(file, JSON.stringify(spec))
    const dir = join(work, 'check-spec')
    const run = await runCli(['check', recorded, '--openrpc', file, '--report-dir', dir])
    expect(run.code).toBe(1)
    const report = readReport(dir)
    expect(report.results.find((r) => r.id === 'info.shape')).toMatchObject({ status: 'failed', message: expect.stringContaining('/result/mode') })
    expect(report.results.filter((r) => r.status === 'failed').every((r) => r.requirement.startsWith('INFO-'))).toBe(true)
  })

  it('makes a check whose request has no recorded answer not-run, naming the file', async () => {
    const trimmed = copyOf(recorded, join(work, 'trimmed'))
    edit(join(trimmed, 'rpc', 'gas.shape.io'), (text) => text.split('\n')[0]! + '\n')
    const dir = join(work, 'check-trimmed')
    const run = await runCli(['check', trimmed, '--report-dir', dir])
    expect(run.code).toBe(1)
    expect(readReport(dir).results.find((r) => r.id === 'gas.shape')).toMatchObject({
      status: 'not-run',
      message: expect.stringMatching(/no recorded answer for this request \(.*gas\.shape\.io\).*rollup_gasPrices/),
    })
  })
})

describe('l2conf check of execution-apis fixtures, and its usage errors', () => {
  const fixtures = join(packageRoot, 'harness/transcript/fixtures/execution-apis')
  let work: string
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'l2conf-fixtures-'))
  })

  it('passes the fixtures that conform and fails, per file, those that do not', async () => {
    const pass = await runCli(['check', join(fixtures, 'pass'), '--report-dir', join(work, 'pass')])
    expect(pass.code).toBe(0)
    const fail = await runCli(['check', join(fixtures, 'fail'), '--report-dir', join(work, 'fail')])
    expect(fail.code).toBe(1)
    expect(
      readReport(join(work, 'fail'))
        .results.map((r) => `${r.id} ${r.status}`)
        .sort(),
    ).toEqual([
      'errors/code-as-string failed',
      'eth_blockNumber/wrong-id failed',
      'eth_chainId/number-not-quantity failed',
      'eth_getAccounts/answers-accounts failed',
      'rollup_getInfo/counter-as-hex failed',
    ])
  })

  it('exits 2 for a folder that is not there, not a transcript, or holds a corrupt line, naming the file and line', async () => {
    const missing = await runCli(['check', join(work, 'nowhere')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('no such transcript folder')
    mkdirSync(join(work, 'empty'))
    const empty = await runCli(['check', join(work, 'empty')])
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('no transcript.json and no .io files')
    const corrupt = copyOf(join(packageRoot, REFERENCE_FIXTURE_DIR), join(work, 'corrupt'))
    edit(join(corrupt, 'rpc', 'info.shape.io'), (text) => text.replace(/^<< .*$/m, '<< {"jsonrpc":"2.0",'))
    const bad = await runCli(['check', corrupt])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/rpc\/info\.shape\.io:4: the response is not JSON/)
    const bare = copyOf(join(packageRoot, REFERENCE_FIXTURE_DIR), join(work, 'bare'))
    rmSync(join(bare, 'transcript.json'))
    const unmanifested = await runCli(['check', bare])
    expect(unmanifested.code).toBe(2)
    expect(unmanifested.stderr).toContain('transcript.json is missing')
    writeFileSync(join(corrupt, 'transcript.json'), '{"format":')
    const manifest = await runCli(['check', corrupt])
    expect(manifest.code).toBe(2)
    expect(manifest.stderr).toMatch(/transcript\.json: not JSON/)
  })
})

describe('l2conf replay of the committed reference transcript', () => {
  const transcript = join(packageRoot, REFERENCE_FIXTURE_DIR)
  let work: string
  let reference: ReferenceHandle | undefined
  let anvil: AnvilHandle | undefined
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'l2conf-replay-'))
  })
  afterAll(async () => {
    await Promise.allSettled([reference?.stop(), anvil?.stop()])
  })

  it('passes against a fresh reference, and writes the new transcript', async () => {
    reference = await startReference()
    const run = await runCli([
      'replay',
      transcript,
      '--rpc',
      reference.rpc,
      '--ws',
      reference.ws,
      '--rest',
      reference.rest,
      '--report-dir',
      join(work, 'reference'),
    ])
    const report = readReport(join(work, 'reference'))
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message}`)).toEqual([])
    expect(run.code).toBe(0)
    expect(readdirSync(join(work, 'reference', 'transcript', 'rpc'))).toContain('info.shape.io')
  }, 240_000)

  it('fails the rollup requirements against Anvil', async () => {
    anvil = await startAnvil(['--block-time', '1'])
    const run = await runCli(['replay', transcript, '--rpc', anvil.rpc, '--ws', anvil.ws, '--report-dir', join(work, 'anvil')])
    expect(run.code).toBe(1)
    const report = readReport(join(work, 'anvil'))
    const failed = new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.requirement))
    for (const requirement of ['INFO-SHAPE', 'GAS-SHAPE', 'RANGE-SHAPE']) expect(failed, requirement).toContain(requirement)
    expect(report.results.find((r) => r.id === 'info.shape')?.message).toContain('result-vs-error')
  }, 240_000)
})
