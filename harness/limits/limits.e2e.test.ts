import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import type { Report } from '../report/result.js'
import { runCli } from '../../test/support/runCli.js'

const openrpc = JSON.parse(readFileSync(new URL('../../openrpc.json', import.meta.url), 'utf8')) as { info: { 'x-limits': Record<string, unknown> } }
const documented = openrpc.info['x-limits']

async function run(reference: ReferenceHandle, extra: string[]): Promise<{ code: number | null; report: Report; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'l2conf-limits-'))
  const cli = await runCli(['run', '--rpc', reference.rpc, '--ws', reference.ws, '--rest', reference.rest, '--report-dir', dir, ...extra])
  return { code: cli.code, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report, output: cli.stdout + cli.stderr }
}

async function blockNumber(rpc: string): Promise<number> {
  const response = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  })
  return Number(((await response.json()) as { result: string }).result)
}

describe('LIMITS discovery against the reference finds exactly its documented limits', () => {
  let reference: ReferenceHandle
  // 1100 blocks of history: a 1000-block limit is measured on ranges that end at the head, with no
  // help from the past-the-head refusal (about six seconds of generation).
  beforeAll(async () => {
    reference = await startReference({ args: ['--history', '1100'], timeoutMs: 120_000 })
  })
  afterAll(async () => {
    await reference?.stop()
  })

  it("reports openrpc.json's x-limits for every limit it measured, and says how it measured them", async () => {
    const { code, report, output } = await run(reference, ['--only', 'LIMITS'])
    expect(code, output).toBe(0)
    const limits = report.results.filter((result) => result.requirement === 'LIMITS')
    expect(limits.map((result) => `${result.id} ${result.status}`).sort()).toEqual(
      [
        'limits.batch',
        'limits.block-range',
        'limits.rate',
        'limits.request-bytes',
        'limits.response-bytes',
        'limits.state-history',
        'limits.ws-message-bytes',
      ].map((id) => `${id} passed`),
    )
    expect(report.limits).toBeDefined()
    // The size and rate limits are openrpc.json's; the state history is no limit of the interface: the reference keeps every block's.
    const { oldestStateBlock, ...sizes } = report.limits ?? {}
    expect(oldestStateBlock).toBe(0)
    expect(Object.keys(sizes).sort()).toEqual(Object.keys(documented).sort())
    for (const [name, value] of Object.entries(sizes)) expect(value, name).toEqual(documented[name])
    const range = limits.find((result) => result.id === 'limits.block-range')
    // The head is where the history ends (1100) unless the reference's simulated layer 1 made a queue
    // deposit (a block) during the run, as it does every few layer-1 blocks of wall time: a slow run sees one.
    const measured = /ranges of up to 1000 blocks ending at the head \((\d+)\) are answered; 1001 blocks: -32602/.exec(range?.message ?? '')
    expect(measured, range?.message).not.toBeNull()
    expect(Number(measured![1])).toBeGreaterThanOrEqual(1100)
    expect(Number(measured![1])).toBeLessThanOrEqual(await blockNumber(reference.rpc))
    expect(output).toMatch(
      /Limits: maxBlockRange=1000 maxBatchItems=1000 maxRequestBytes=5242880 maxWsMessageBytes=5242880 rateLimit=none maxResponseBytes=25000000/,
    )
    const response = limits.find((result) => result.id === 'limits.response-bytes')
    expect(response?.message).toContain('answers of up to 25000000 bytes are sent whole; 25000001 bytes:')
    expect(response?.message).toContain('-32003 "response too large (max 25000000 bytes)"')
  })

  it('--no-discover: no LIMITS check runs, the report has no limits, and nothing was certified (exit 1)', async () => {
    const { code, report } = await run(reference, ['--only', 'LIMITS', '--no-discover'])
    expect(code).toBe(1)
    expect(report.verdict).toBe('nothing-certified')
    const limits = report.results.filter((result) => result.requirement === 'LIMITS')
    expect(limits.length).toBeGreaterThan(0)
    for (const result of limits) expect(result).toMatchObject({ status: 'skipped', message: 'limits discovery is off (--no-discover)' })
    expect(report.limits).toBeUndefined()
  })
})

describe('LIMITS discovery sees a rate limit', () => {
  let reference: ReferenceHandle
  beforeAll(async () => {
    reference = await startReference({ args: ['--rate-limit', '50'], timeoutMs: 120_000 })
  })
  afterAll(async () => {
    await reference?.stop()
  })

  it('reports the reference --rate-limit as HTTP 429 after about its burst of requests', async () => {
    const { code, report, output } = await run(reference, ['--only', 'limits.rate'])
    expect(code, output).toBe(0)
    const rate = report.limits?.rateLimit
    expect(rate, output).toMatch(/^HTTP 429 after ~(\d+) requests in \d+\.\d\d s \(sent at ~\d+ requests\/s\); seen: HTTP 429 to \d+ requests?/)
    // A burst of 50 passes (less what the run's reachability probe took), and tokens come back at 50 a second.
    const before = Number(/after ~(\d+) requests/.exec(String(rate))?.[1])
    expect(before).toBeGreaterThanOrEqual(40)
    expect(before).toBeLessThanOrEqual(150)
  })
})

describe('LIMITS discovery finds the state history the reference serves', () => {
  let reference: ReferenceHandle
  beforeAll(async () => {
    reference = await startReference({ args: ['--state-history', '10'], timeoutMs: 120_000 })
  })
  afterAll(async () => {
    await reference?.stop()
  })

  it('--state-history 10: the oldest block whose state is served is the tenth from the head, in the report and the summary', async () => {
    const before = await blockNumber(reference.rpc)
    const { code, report, output } = await run(reference, ['--only', 'limits.state-history'])
    const after = await blockNumber(reference.rpc)
    expect(code, output).toBe(0)
    // The head may move by a queue deposit of the simulated layer 1 during the run: the search sees one head.
    const oldest = report.limits?.oldestStateBlock
    expect(
      [before, after].map((head) => head - 9),
      output,
    ).toContain(oldest)
    expect(output).toContain(`Limits: oldestStateBlock=${String(oldest)}`)
    expect(report.results.find((result) => result.id === 'limits.state-history')?.message).toMatch(
      /the state of the last 10 blocks is served .* -32000 "missing trie node 0x[0-9a-f]+ \(path \)/,
    )
  })
})
